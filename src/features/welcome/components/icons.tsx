import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/ui/line-icon';

/** Line icons of the welcome page (decorative: the text beside them says it all). */
function Icon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <LineIcon size={size} strokeWidth={1.8}>
      {children}
    </LineIcon>
  );
}

export const UploadIcon = () => (
  <Icon>
    <path d="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" />
    <path d="M14 3v5h5M12.5 17v-6M10 13.5l2.5-2.5 2.5 2.5" />
  </Icon>
);

export const TypesIcon = () => (
  <Icon>
    <rect x="3" y="4" width="7" height="7" rx="1.5" />
    <rect x="14" y="4" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <path d="M14 17.5h7M5 7.5l1.3 1.3L8.5 6.5" />
  </Icon>
);

export const CiteIcon = () => (
  <Icon>
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5z" />
    <path d="M20 5.5A1.5 1.5 0 0 0 18.5 4H13v16h5.5a1.5 1.5 0 0 0 1.5-1.5z" />
    <path d="M15.5 8.5h2M15.5 12h2M6.5 8.5h2" />
  </Icon>
);

export const OfflineIcon = () => (
  <Icon>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3M9 9.5l2 2 4-4" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon size={20}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M10 8.5v7l5.5-3.5z" fill="currentColor" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon size={18}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
