/** A plan or user id of the address: a whole number the API accepts (1 … 2³¹−1), else null. */
export function parseForecastId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
