import { Button, Result, Spin } from 'antd';
import { Component, memo, type ReactNode, Suspense } from 'react';
import { type Location, Route, Routes } from 'react-router';
import { texts } from '../locales';
import { pageComponent } from '../router/pages';
import { useTabs } from '../stores/tabs';
import styles from './ShellLayout.module.css';

/** The page being shown now. */
export interface ActiveView {
  readonly path: string;
  readonly routePath: string;
  readonly pageKey: string;
  readonly noCache: boolean;
  readonly location: Location;
}

interface BoundaryState {
  error: Error | undefined;
}

/** A page that throws shows the error in its own view; the shell and the other tabs go on. */
class ViewErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="500"
        title={texts.errors.pageFailed}
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {texts.errors.reload}
          </Button>
        }
      />
    );
  }
}

interface SlotProps {
  readonly routePath: string;
  readonly pageKey: string;
  readonly location: Location;
  readonly hidden: boolean;
}

/**
 * One kept-alive page. It has its own <Routes> at its own last location, so a hidden page keeps
 * its params and query and does not re-render while other pages are shown.
 */
const ViewSlot = memo(function ViewSlot({ routePath, pageKey, location, hidden }: SlotProps) {
  const Page = pageComponent(pageKey);
  return (
    <div className={styles.view} hidden={hidden} data-view={location.pathname}>
      <ViewErrorBoundary>
        <Suspense
          fallback={
            <div className={styles.viewLoading}>
              <Spin size="large" aria-label={texts.app.loading} />
            </div>
          }
        >
          <Routes location={location}>
            <Route path={routePath} element={Page ? <Page /> : null} />
          </Routes>
        </Suspense>
      </ViewErrorBoundary>
    </div>
  );
});

/**
 * Keep-alive: every visited view stays mounted and hidden while another is shown, unless its menu
 * node is no-cache (then it lives only while shown). Closing a tab unmounts its page; refreshing
 * mounts it anew.
 */
export function KeepAliveViews({ active }: { active: ActiveView | undefined }) {
  const views = useTabs((state) => state.views);
  const generations = useTabs((state) => state.generations);
  const slots: ActiveView[] = [];
  for (const view of views) {
    if (view.path === active?.path) slots.push(active);
    else if (view.location && !view.noCache) slots.push({ ...view, location: view.location });
  }
  if (active && !views.some((view) => view.path === active.path)) slots.push(active);

  return (
    <>
      {slots.map((slot) => (
        <ViewSlot
          key={`${slot.path}#${generations[slot.path] ?? 0}`}
          routePath={slot.routePath}
          pageKey={slot.pageKey}
          location={slot.location}
          hidden={slot.path !== active?.path}
        />
      ))}
    </>
  );
}
