import { LineIcon } from '../../../components/ui/line-icon';

/** Small stroke icons of the review screens; decorative (the text beside them says it all). */
function Icon({ d, size = 20 }: { d: string; size?: number }) {
  return <LineIcon d={d} size={size} className="r-icon" />;
}

export const ReviewIcon = ({ size = 20 }: { size?: number }) => (
  <Icon d="M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4M12 8v4l3 2" size={size} />
);
export const CheckIcon = ({ size = 20 }: { size?: number }) => (
  <Icon d="M5 12.5l4.5 4.5L19 7.5" size={size} />
);
export const CrossIcon = ({ size = 20 }: { size?: number }) => (
  <Icon d="M6 6l12 12M18 6 6 18" size={size} />
);
export const CloudIcon = ({ size = 20 }: { size?: number }) => (
  <Icon
    d="M7 18a4 4 0 0 1-.6-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9zM12 11v5m-2-2 2 2 2-2"
    size={size}
  />
);
export const NextIcon = () => <Icon d="M5 12h14m-6-6 6 6-6 6" size={18} />;
export const LockIcon = ({ size = 18 }: { size?: number }) => (
  <Icon
    d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1z"
    size={size}
  />
);
export const CalendarIcon = ({ size = 22 }: { size?: number }) => (
  <Icon
    d="M7 3v3m10-3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
    size={size}
  />
);
