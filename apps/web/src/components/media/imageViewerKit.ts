// Loaded on demand by PictureViewer.tsx: antd-mobile's viewer brings its springs and gestures.
export { ImageViewer } from 'antd-mobile';
