// One file per endpoint; the rest of the feature imports them from here.
export * from './paths';
export * from './get-materials';
export * from './get-material';
export * from './update-material';
export * from './delete-material';
export * from './get-material-content';
export * from './upload-material';
export * from './download-file';
export * from './get-storage';
export * from './get-upload-limits';
