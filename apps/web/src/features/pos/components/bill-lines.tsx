import type { BillView } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

const rate = (vatRateBp: number) => `${vatRateBp / 100} %`;

/** The guest's bill: its lines with their VAT rate, then base, VAT and total per rate. */
export function BillLines({ bill, money }: { bill: BillView; money: (cents: number) => string }) {
  const { t } = useTranslation('pos');
  return (
    <section className="pos-bill" aria-label={t('bill.label')}>
      <table className="pos-bill__lines">
        <thead>
          <tr>
            <th scope="col">{t('bill.units')}</th>
            <th scope="col">{t('bill.product')}</th>
            <th scope="col">{t('bill.vat')}</th>
            <th scope="col" className="pos-amount">
              {t('bill.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line, index) => (
            <tr key={line.productOrderId ?? `d${index}`}>
              <td>{line.units}</td>
              <td>{line.description}</td>
              <td>{rate(line.vatRateBp)}</td>
              <td className="pos-amount">{money(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="pos-bill__taxes" aria-label={t('bill.taxes')}>
        <thead>
          <tr>
            <th scope="col">{t('bill.vatRate')}</th>
            <th scope="col" className="pos-amount">
              {t('bill.base')}
            </th>
            <th scope="col" className="pos-amount">
              {t('bill.vatAmount')}
            </th>
            <th scope="col" className="pos-amount">
              {t('bill.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.taxLines.map((tax) => (
            <tr key={tax.vatRateBp} data-vat-rate={tax.vatRateBp}>
              <td>{t('bill.vatOf', { rate: rate(tax.vatRateBp) })}</td>
              <td className="pos-amount">{money(tax.baseCents)}</td>
              <td className="pos-amount">{money(tax.vatCents)}</td>
              <td className="pos-amount">{money(tax.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
