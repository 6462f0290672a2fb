import { SUPPORTED_BRANDS } from '../lib/constants';
import { BRAND_NAMES, BrandIcon } from './billing-icons';

/** "Accepted cards: [Visa] [Mastercard] [JCB]", icons with their names. */
export function AcceptedCards({ label }: { label: string }) {
  return (
    <p className="accepted-cards">
      <span>{label}</span>
      {SUPPORTED_BRANDS.map((brand) => (
        <span key={brand} className="accepted-cards__brand">
          <BrandIcon brand={brand} />
          {BRAND_NAMES[brand]}
        </span>
      ))}
    </p>
  );
}
