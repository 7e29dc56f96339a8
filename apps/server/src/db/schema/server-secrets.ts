/** Secrets shared by every node, made by migrations/0019_server_secrets.ts. */
export interface ServerSecretsTable {
  name: string;
  /** base64url. */
  value: string;
}
