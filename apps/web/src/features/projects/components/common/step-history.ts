import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The history state that marks an entry this flow made; entries without it are arrivals. */
type StepEntry = { stepOf: string };

/** `?step=N` is 1-based, as the screen counts; anything else is no step. */
export function stepFromSearch(search: string): number | null {
  const value = new URLSearchParams(search).get('step');
  return value !== null && /^[1-9][0-9]{0,2}$/.test(value) ? Number(value) - 1 : null;
}

const searchOf = (step: number) => `?${new URLSearchParams({ step: String(step + 1) })}`;

/**
 * Each step of a multi-step flow is its own history entry (`?step=N`), so the browser's Back and
 * the header's back arrow go one step back, as the flow's own "Previous" does
 * (docs/product.md#requests). Every entry the flow makes at step k > 0 sits right after its entry
 * at step k − 1: on arrival (a link, the sign-in's return, a resumed draft) the flow writes the
 * entries of the steps before the one it resumes at, so Back walks them too.
 *
 * `reachable(step)` is the furthest step the draft allows up to `step` (a stale draft resumes at its
 * first step that no longer holds); `ready` says the rules can be judged (the catalogue is loaded).
 * The draft keeps its own step for a reload or a trip away (`storedStep`, `onStep`).
 */
export function useStepHistory({
  flow,
  ready,
  storedStep,
  reachable,
  onStep,
}: {
  flow: string;
  ready: boolean;
  storedStep: number;
  reachable(step: number): number;
  onStep(step: number): void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The flow's own page: on its way to another one (a link out), nothing here is rewritten.
  const [flowPath] = useState(location.pathname);
  const onFlowPage = location.pathname === flowPath;
  const state: StepEntry = { stepOf: flow };
  const ours = (location.state as Partial<StepEntry> | null)?.stepOf === flow;
  const requested = ours ? (stepFromSearch(location.search) ?? 0) : (stepFromSearch(location.search) ?? storedStep);
  const step = ready ? reachable(requested) : requested;
  // Arriving with a draft already under way: the screen says so, with a way to start over.
  const [resumedAt, setResumedAt] = useState<number | null>(() => (!ours && storedStep > 0 ? storedStep : null));

  // Once per arrival: the entries written make the location the flow's own, so this does not run again.
  useEffect(() => {
    if (!ready || ours || !onFlowPage) return;
    const entry: StepEntry = { stepOf: flow };
    navigate({ search: searchOf(0) }, { replace: true, state: entry });
    for (let earlier = 1; earlier <= step; earlier += 1) navigate({ search: searchOf(earlier) }, { state: entry });
  }, [ready, ours, onFlowPage, step, flow, navigate]);

  useEffect(() => {
    if (ready && ours && step !== storedStep) onStep(step);
  }, [ready, ours, step, storedStep, onStep]);

  return {
    step,
    /** True while the screen should say that the draft was resumed. */
    resumed: resumedAt !== null && resumedAt === step,
    next: () => void navigate({ search: searchOf(step + 1) }, { state }),
    previous: () => void navigate(-1),
    /**
     * Back to the flow's first entry, for starting over or once the flow is done (the caller empties
     * the draft): Back from there leaves the flow instead of walking through emptied steps.
     */
    backToFirst: () => {
      setResumedAt(null);
      if (step > 0) void navigate(-step);
    },
  };
}
