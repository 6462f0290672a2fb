import { LineIcon } from '../../../components/ui/line-icon';

/** Small stroke icons of the material screens; decorative (the control's text names it). */
function Icon({ d, size = 20 }: { d: string; size?: number }) {
  return <LineIcon d={d} size={size} className="m-icon" />;
}

export const PlusIcon = () => <Icon d="M12 5v14M5 12h14" />;
export const SearchIcon = () => (
  <Icon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm10 3-4.35-4.35" size={18} />
);
export const BackIcon = () => <Icon d="M15 18l-6-6 6-6" />;
export const UploadIcon = ({ size = 32 }: { size?: number }) => (
  <Icon d="M12 16V4m0 0L7 9m5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" size={size} />
);
export const CloseIcon = () => <Icon d="M6 6l12 12M18 6 6 18" size={18} />;
export const EditIcon = () => (
  <Icon d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4zm9.5-13.5 4 4" size={18} />
);
export const TrashIcon = () => (
  <Icon d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" size={18} />
);
export const DownloadIcon = () => <Icon d="M12 4v12m0 0-5-5m5 5 5-5M4 20h16" size={18} />;
export const SparkIcon = () => (
  <Icon d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8z" />
);
export const ChevronIcon = () => <Icon d="M6 9l6 6 6-6" size={18} />;
export const AlertIcon = () => (
  <Icon
    d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
    size={20}
  />
);
export const InfoIcon = () => (
  <Icon d="M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z" size={18} />
);
/** A cloud with a tick: kept on the device. */
export const OfflineIcon = () => (
  <Icon
    d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4.5 4.5 0 0 1-.5 9.5H7zm2.5-4.5 2 2 3.5-3.5"
    size={16}
  />
);
/** A clock: waiting for the network. */
export const PendingIcon = () => (
  <Icon d="M12 7v5l3 2m7-2a10 10 0 1 1-20 0 10 10 0 0 1 20 0z" size={16} />
);
