import { Component, type ReactNode } from 'react';

interface Props {
  /** The location shown (its key): another one is rendered afresh. */
  page: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  page: string;
}

/** A screen that throws while rendering shows `fallback` until the app moves to another page. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, page: this.props.page };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.page === state.page ? null : { failed: false, page: props.page };
  }

  override componentDidCatch(error: unknown): void {
    if (import.meta.env.DEV) console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
