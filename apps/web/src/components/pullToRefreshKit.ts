// Loaded on demand by PullRefresh.tsx.
export { PullToRefresh } from 'antd-mobile';
