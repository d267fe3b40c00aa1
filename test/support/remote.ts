/**
 * The app's remote client on a reference service of its own, for integration tests of the
 * sync side, and the error a call is expected to end with.
 */
import { expect } from 'vitest';
import type { ServeOptions } from '../../src/server/index';
import { createRemoteClient, type RemoteClient } from '../../src/services/remote/client';
import { RemoteError } from '../../src/services/remote/errors';
import { startTestService, type TestService } from './service';

export async function connectedService(options: Partial<ServeOptions> = {}): Promise<{ service: TestService; remote: RemoteClient }> {
  const service = await startTestService(options);
  return { service, remote: createRemoteClient({ serverUrl: service.url, token: () => service.token }) };
}

export async function disconnect(service: TestService | undefined, remote: RemoteClient | undefined): Promise<void> {
  remote?.close();
  await service?.close();
}

/** The RemoteError `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export async function failureOf(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}
