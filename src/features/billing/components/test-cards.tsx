import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { CardBrand } from '../lib/constants';
import { BRAND_NAMES, BrandIcon } from './billing-icons';

/** The documented demo cards (docs/api/billing.md): three that succeed, one that is declined. */
export const TEST_CARDS: ReadonlyArray<{ number: string; brand: CardBrand; ok: boolean }> = [
  { number: '4242 4242 4242 4242', brand: 'visa', ok: true },
  { number: '5555 5555 5555 4444', brand: 'mastercard', ok: true },
  { number: '3530 1113 3330 0000', brand: 'jcb', ok: true },
  { number: '4000 0000 0000 0002', brand: 'visa', ok: false },
];

/** The test numbers, each with a button that puts it into the form. */
export function TestCards({ onUse }: { onUse: (number: string) => void }) {
  const { t } = useTranslation('billing');
  return (
    <section className="test-cards" aria-labelledby="test-cards-title">
      <h2 id="test-cards-title" className="test-cards__title">
        {t('demo.testCards')}
      </h2>
      <p className="test-cards__hint">{t('demo.testCardsHint')}</p>
      <table className="test-cards__table">
        <thead>
          <tr>
            <th scope="col">{t('demo.testCardNumber')}</th>
            <th scope="col">{t('demo.testCardResult')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('demo.useCard')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((card) => (
            <tr key={card.number}>
              <td>
                <span className="test-cards__number">
                  <BrandIcon brand={card.brand} />
                  <span>
                    <span className="test-cards__digits">{card.number}</span>
                    <span className="test-cards__brand">{BRAND_NAMES[card.brand]}</span>
                  </span>
                </span>
              </td>
              <td>
                <Badge tone={card.ok ? 'success' : 'danger'}>
                  {card.ok ? t('demo.succeeds') : t('demo.declines')}
                </Badge>
              </td>
              <td className="test-cards__action">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('demo.useCardLabel', { number: card.number })}
                  onClick={() => onUse(card.number)}
                >
                  {t('demo.useCard')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
