import { Component, type ReactNode } from "react";

/**
 * Keeps a chart that fails to load or draw (its chunk unreachable, a library error) from taking
 * the dashboard down with it: the rest of the page stays, `fallback` takes the chart's place.
 */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
