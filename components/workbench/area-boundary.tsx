'use client';

import { Component, type ErrorInfo, type ReactNode } from 'react';

interface AreaBoundaryProps {
  /** The area as the message names it: "The file tree", "The Runs panel". */
  area: string;
  /** When it changes (another project opened), the area tries again by itself. */
  resetKey?: string | null;
  children: ReactNode;
}

interface AreaBoundaryState {
  error: Error | null;
  resetKey: string | null | undefined;
}

/**
 * One area of the IDE that fails alone: a bad run, file or dialog shows its
 * error in its own place, and the rest of the IDE (the file tree, the editor,
 * the project menu) keeps working, rather than the page-wide error screen
 * replacing everything. "Try again" renders the area anew; opening another
 * project does so too.
 */
export class AreaBoundary extends Component<AreaBoundaryProps, AreaBoundaryState> {
  override state: AreaBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<AreaBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: AreaBoundaryProps, state: AreaBoundaryState): Partial<AreaBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.area} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <section className="area-error" role="alert" data-testid="area-error" data-area={this.props.area}>
        <p className="area-error-title">{this.props.area} hit an error; the rest of Workerbench still works.</p>
        <pre className="area-error-message">{error.message.slice(0, 1000)}</pre>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </section>
    );
  }
}
