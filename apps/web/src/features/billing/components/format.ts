import { formatIndian } from '@sangam/contracts/plans';

/** 399 -> "₹399", 3999.5 -> "₹3,999.50" (Indian digit grouping). */
export const rupees = (amount: number) =>
  `₹${Number.isInteger(amount) ? formatIndian(amount) : new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** "23 Dec 2026" */
export const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

export const periodLabel = (period: 'monthly' | 'annual') => (period === 'annual' ? 'Annual' : 'Monthly');
