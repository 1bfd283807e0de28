import argon2 from 'argon2';

/**
 * Password hashing with argon2id (DESIGN.md stack), the library's defaults: 64 MiB, 3 passes,
 * 4 lanes — above OWASP's minimum, about 50–100 ms on one core, and at most four at once
 * because argon2 runs on libuv's four worker threads.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `hash`. Without a hash (unknown account, or one that only signs in
 * through Google and the like) it still verifies against a dummy hash, so an unknown account
 * takes as long to refuse as a wrong password and the timing tells nothing about who exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // a malformed stored hash is a failed sign-in, not a 500
    return false;
  }
}
