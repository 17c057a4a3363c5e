/** Reading list exports in tests: the CSV parsed, and a list read through all of its pages. */
import Papa from 'papaparse';
import type { TestApp } from './test-app.js';
import { expectContract } from './contract.js';

export type CsvFile = { header: string[]; rows: Record<string, string>[]; raw: string };

/** The export's file, checked against the contract, parsed (the BOM removed and checked). */
export async function exportCsv(t: TestApp, operationId: string, url: string): Promise<CsvFile> {
  const response = await t.as({ method: 'GET', url });
  const raw = await expectContract<string>(response, operationId, 200);
  expect(raw.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(raw.slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return { header: parsed.meta.fields ?? [], rows: parsed.data, raw };
}

/** Every row of a list, page by page (`pageSize` rows a call), in the list's order. */
export async function listAll<Row>(t: TestApp, url: string, pageSize = 37): Promise<Row[]> {
  const rows: Row[] = [];
  for (let skip = 0; ; skip += pageSize) {
    const join = url.includes('?') ? '&' : '?';
    const response = await t.as({
      method: 'GET',
      url: `${url}${join}skip=${skip}&limit=${pageSize}`,
    });
    const body = response.json() as { count: number; data: Row[] };
    expect(response.statusCode).toBe(200);
    rows.push(...body.data);
    if (skip + pageSize >= body.count) {
      expect(rows).toHaveLength(body.count);
      return rows;
    }
  }
}
