// `npm run openapi`: writes the reference service's OpenAPI document to docs/openapi.json.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument, openApiText } from '../src/server/openapi-document';

const target = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
writeFileSync(target, openApiText(await openApiDocument()));
console.log(`Wrote ${target}`);
