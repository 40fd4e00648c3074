// One browser sign-in as the code works with it (src/store/sign-ins.ts maps it to the stored shape).

export interface SignIn {
  /** Hex SHA-256 of the random cookie value: a stored record yields no usable cookie. */
  id: string;
  username: string;
  /** The account the user belonged to when signing in. */
  apiKey: string;
  createdAt: Date;
  /** Last time the idle window was renewed (written at most once a minute, not on every request). */
  lastSeenAt: Date;
  /** When the sign-in ends at the latest (idle or absolute limit). */
  expiresAt: Date;
}
