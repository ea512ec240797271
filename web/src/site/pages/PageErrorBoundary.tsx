// A page that fails keeps the navigation and footer around the error view; moving to another
// page clears it.
import { Component, type ReactNode } from 'react';
import { ErrorMessage } from './ErrorView.tsx';

interface Props {
  pathname: string;
  children: ReactNode;
}

export class PageErrorBoundary extends Component<Props, { error: unknown; at: string | null }> {
  override state = { error: undefined as unknown, at: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: Props, state: { at: string | null }) {
    return state.at === props.pathname ? null : { error: undefined, at: props.pathname };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorMessage error={this.state.error} />;
  }
}
