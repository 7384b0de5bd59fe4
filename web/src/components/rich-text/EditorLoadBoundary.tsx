// When the editor's chunk cannot be loaded (offline before it was ever cached), the rich text keeps showing its text,
// read-only, and says why, instead of the whole screen failing.
import { Component, type ReactNode } from 'react';

interface EditorLoadBoundaryProps {
  onFailed: () => void;
  children: ReactNode;
}

export class EditorLoadBoundary extends Component<EditorLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The rich-text editor could not be loaded', error);
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
