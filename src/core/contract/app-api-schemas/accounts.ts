/**
 * The recruiting services the app syncs with: several can be added, one is active. A token
 * goes in once (add, or replace when the service refused it) and never comes back out.
 */
import Type from 'typebox';

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Token = Type.String({ minLength: 1, maxLength: 4096 });

export const AccountSchema = Type.Object({
  id: Id,
  label: Type.String(),
  serverUrl: Type.String(),
  /** Whose mirror this is on that service (the command line's --account). */
  account: Type.String(),
  /** The built-in demo: the reference service started by the app on this computer. */
  demo: Type.Boolean(),
  hasToken: Type.Boolean(),
});

export const TOKEN_STORAGES = ['keychain', 'file'] as const;

export const AccountsViewSchema = Type.Object({
  accounts: Type.Array(AccountSchema),
  activeId: Type.Union([Id, Type.Null()]),
  /** keychain: the OS keeps tokens encrypted; file: the preview keeps them in a file only this user can read. */
  tokenStorage: Type.Enum(TOKEN_STORAGES),
});

export const CONNECTION_PROBLEMS = ['bad_url', 'unreachable', 'token_refused', 'not_muster'] as const;

export const ConnectionTestSchema = Type.Object({
  ok: Type.Boolean(),
  /** Why not, when not ok; the renderer words it in the person's language. */
  problem: Type.Union([Type.Enum(CONNECTION_PROBLEMS), Type.Null()]),
  /** The transport's or the service's own sentence, shown under the translated one. */
  detail: Type.Union([Type.String(), Type.Null()]),
});

export const ConnectInputSchema = Type.Object({
  label: Type.Optional(Type.String({ maxLength: 80 })),
  serverUrl: Text(2000),
  token: Token,
});

export const ACCOUNTS_METHODS = {
  'accounts.list': { args: Type.Tuple([]), result: AccountsViewSchema },
  'accounts.test': { args: Type.Tuple([Type.Object({ serverUrl: Text(2000), token: Token })]), result: ConnectionTestSchema },
  'accounts.add': { args: Type.Tuple([ConnectInputSchema]), result: AccountsViewSchema },
  'accounts.startDemo': { args: Type.Tuple([]), result: AccountsViewSchema },
  'accounts.activate': { args: Type.Tuple([Id]), result: AccountsViewSchema },
  'accounts.remove': { args: Type.Tuple([Id]), result: AccountsViewSchema },
  'accounts.replaceToken': { args: Type.Tuple([Id, Token]), result: AccountsViewSchema },
} as const;
