import { LineIcon } from '../../../components/ui/line-icon';

/** Stroke icons of the quiz setup screens; decorative (the control's text names it). */
function Icon({ d, size = 20 }: { d: string; size?: number }) {
  return <LineIcon d={d} size={size} className="setup-icon" />;
}

export const BackIcon = () => <Icon d="M15 18l-6-6 6-6" />;
export const SparkIcon = ({ size = 20 }: { size?: number }) => (
  <Icon
    size={size}
    d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8z"
  />
);
export const BulbIcon = () => (
  <Icon d="M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3z" />
);
export const LockIcon = () => <Icon d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" size={18} />;
