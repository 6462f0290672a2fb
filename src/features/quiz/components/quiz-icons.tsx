import { LineIcon } from '../../../components/ui/line-icon';

/** Small stroke icons of the quiz screens; decorative (the text beside them says it all). */
function Icon({ d, size = 20, className }: { d: string; size?: number; className?: string }) {
  return <LineIcon d={d} size={size} className={className ?? 'q-icon'} />;
}

export const BackIcon = () => <Icon d="M15 18l-6-6 6-6" />;
export const PreviousIcon = () => <Icon d="M19 12H5m6-6-6 6 6 6" size={18} />;
export const NextIcon = () => <Icon d="M5 12h14m-6-6 6 6-6 6" size={18} />;
export const SkipIcon = () => <Icon d="M5 5l7 7-7 7M13 5l7 7-7 7" size={18} />;
export const FlagIcon = () => <Icon d="M5 21V4m0 0h11l-2 4 2 4H5" size={18} />;
export const CheckIcon = ({ size = 18 }: { size?: number }) => (
  <Icon d="M5 12.5l4.5 4.5L19 7.5" size={size} />
);
export const CrossIcon = ({ size = 18 }: { size?: number }) => (
  <Icon d="M6 6l12 12M18 6 6 18" size={size} />
);
export const DashIcon = ({ size = 18 }: { size?: number }) => <Icon d="M6 12h12" size={size} />;
export const LockIcon = ({ size = 20 }: { size?: number }) => (
  <Icon
    d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1z"
    size={size}
  />
);
export const DownloadIcon = () => <Icon d="M12 4v12m0 0-5-5m5 5 5-5M4 20h16" size={18} />;
export const RetakeIcon = () => (
  <Icon
    d="M4 4v6h6M20 20v-6h-6M5.5 15a7.5 7.5 0 0 0 13.3 1.5M18.5 9A7.5 7.5 0 0 0 5.2 7.5"
    size={18}
  />
);
export const FlashcardsIcon = () => (
  <Icon
    d="M8 4h11a1 1 0 0 1 1 1v11M4 8h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"
    size={18}
  />
);
export const ChevronIcon = () => <Icon d="M6 9l6 6 6-6" size={18} className="q-icon q-chevron" />;
export const AlertIcon = () => (
  <Icon
    d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
    size={20}
  />
);
