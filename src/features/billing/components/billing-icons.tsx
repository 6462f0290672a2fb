import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/ui/line-icon';
import type { CardBrand } from '../lib/constants';

/** Line icons of the billing screens; decorative (the text beside them says it). */
function Icon({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <LineIcon size={size} className="b-icon">
      {children}
    </LineIcon>
  );
}

export const CheckIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

export const CrossIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const LockIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const AlertIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
  </Icon>
);

export const InfoIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4m0-4h.01" />
  </Icon>
);

export const StarIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 2.8l2.8 5.8 6.3.8-4.6 4.3 1.2 6.3L12 16.9 6.3 20l1.2-6.3-4.6-4.3 6.3-.8z" />
  </Icon>
);

export const CardIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M2.5 10h19M6.5 15h4" />
  </Icon>
);

export const BackIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
};

/**
 * A small card face per brand, drawn in the current colour (the palette has no brand colours):
 * Visa's wordmark, Mastercard's two circles, JCB's three bands.
 */
export function BrandIcon({ brand }: { brand: CardBrand }) {
  return (
    <svg
      className={`brand-icon brand-icon--${brand}`}
      viewBox="0 0 40 26"
      width="40"
      height="26"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.75" y="0.75" width="38.5" height="24.5" rx="4" fill="none" stroke="currentColor" />
      {brand === 'visa' && (
        <text
          x="20"
          y="17.5"
          textAnchor="middle"
          fontSize="12"
          fontWeight="800"
          fontStyle="italic"
          fontFamily="Arial, sans-serif"
          fill="currentColor"
        >
          VISA
        </text>
      )}
      {brand === 'mastercard' && (
        <g fill="currentColor">
          <circle cx="16" cy="13" r="7" opacity="0.9" />
          <circle cx="24" cy="13" r="7" opacity="0.45" />
        </g>
      )}
      {brand === 'jcb' && (
        <g fill="currentColor">
          <rect x="8" y="6" width="7" height="14" rx="2.5" opacity="0.95" />
          <rect x="16.5" y="6" width="7" height="14" rx="2.5" opacity="0.65" />
          <rect x="25" y="6" width="7" height="14" rx="2.5" opacity="0.4" />
        </g>
      )}
    </svg>
  );
}
