import { formatMoney } from '../../common/money-format';

export interface MoneyProps {
  /** Amount in major units (the contract's Money), e.g. 12.5. Missing counts as 0. */
  amount: number | null | undefined;
  /** ISO 4217 code; USD when missing. */
  currency?: string | null;
}

/** An amount formatted as en-US currency (spec 01 §9). */
export function Money({ amount, currency }: MoneyProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, currency)}</span>;
}
