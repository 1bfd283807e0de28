// Signed-in readers for the soak benchmark: the fans bench/support/soak-seed.ts created sign in
// through the API (POST /api/user/login); their session tokens are the `tribun_session` cookie's value.
import type { SeededFan } from './soak-seed';

/** Signs every fan in and gives their session tokens. */
export async function signInFans(origin: string, fans: readonly SeededFan[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const fan of fans) {
    const response = await fetch(`${origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: fan.email, password: fan.password }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${fan.email} could not sign in: ${response.status} ${text.slice(0, 200)}`);
    tokens.push((JSON.parse(text) as { data: { token: string } }).data.token);
  }
  return tokens;
}
