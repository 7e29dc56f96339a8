// Loaded on demand by Sheet.tsx.
export { Popup } from 'antd-mobile';
