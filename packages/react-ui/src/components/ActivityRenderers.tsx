import type { ActivityMessage } from "@crayonai/stream";
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from "react";
import { humanize, valueText } from "../internal/readableFields";
import { useLocale } from "../locale/LocaleProvider";
import { labelOf, RenderErrorBoundary, RenderErrorNotice } from "./RenderErrorBoundary";

/** A component that renders one kind of activity message. */
export type ActivityRenderer = ComponentType<{ message: ActivityMessage }>;

/** Activity renderers by `activityType` (e.g. `{ PLAN: PlanCard }`). */
export type ActivityRendererMap = Record<string, ActivityRenderer>;

const ActivityRenderersContext = createContext<ActivityRendererMap>({});

/** Props of {@link ActivityRenderersProvider}. */
export type ActivityRenderersProviderProps = {
  /** Renderers by `activityType`; pass a stable object (not a new one each render). */
  renderers?: ActivityRendererMap;
  children: ReactNode;
};

/**
 * Registers the components that render activity messages, by `activityType`. A provider
 * inside another adds to it (its own types win). Activities without a renderer use
 * {@link DefaultActivityRenderer}.
 *
 * @example
 * ```tsx
 * const renderers = { PLAN: PlanCard };
 * <ActivityRenderersProvider renderers={renderers}>
 *   <CrayonChat chat={chat} />
 * </ActivityRenderersProvider>
 * ```
 */
export function ActivityRenderersProvider({ renderers, children }: ActivityRenderersProviderProps) {
  const outer = useContext(ActivityRenderersContext);
  const merged = useMemo(
    () => (renderers ? { ...outer, ...renderers } : outer),
    [outer, renderers],
  );
  return (
    <ActivityRenderersContext.Provider value={merged}>{children}</ActivityRenderersContext.Provider>
  );
}

/** The renderer registered for `activityType`, or undefined. */
export function useActivityRenderer(activityType: string): ActivityRenderer | undefined {
  const renderers = useContext(ActivityRenderersContext);
  // Own types only: an activity typed "constructor" must not find Object's.
  return Object.hasOwn(renderers, activityType) ? renderers[activityType] : undefined;
}

type Step = { title?: unknown; label?: unknown; name?: unknown; status?: unknown; done?: unknown };

function stepLabel(step: unknown): string {
  if (typeof step === "string") return step;
  if (step && typeof step === "object") {
    const { title, label, name } = step as Step;
    const text = title ?? label ?? name;
    if (typeof text === "string") return text;
  }
  return valueText(step);
}

function stepStatus(step: unknown): string | undefined {
  if (!step || typeof step !== "object") return undefined;
  const { status, done } = step as Step;
  if (typeof status === "string") return status;
  if (done === true) return "done";
  return undefined;
}

function titleOf(message: ActivityMessage): string {
  const title = message.content.title;
  return typeof title === "string" ? title : humanize(message.activityType.toLowerCase());
}

/**
 * The fallback activity renderer: a title, then the content's `steps` as a list (with their
 * status) or its other fields as a key/value list.
 */
export function DefaultActivityRenderer({ message }: { message: ActivityMessage }) {
  const { title: _title, steps, ...rest } = message.content;
  const entries = Object.entries(rest);
  return (
    <section className="crayon-activity" aria-label={titleOf(message)}>
      <div className="crayon-activity__title">{titleOf(message)}</div>
      {Array.isArray(steps) && (
        <ol className="crayon-activity__steps">
          {steps.map((step, index) => {
            const status = stepStatus(step);
            return (
              // Steps have no ids; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="crayon-activity__step" data-status={status}>
                <span dir="auto">{stepLabel(step)}</span>
                {status && <span className="crayon-activity__status">{status}</span>}
              </li>
            );
          })}
        </ol>
      )}
      {entries.length > 0 && (
        <dl className="crayon-activity__fields">
          {entries.map(([key, value]) => (
            <div key={key} className="crayon-activity__field">
              <dt dir="auto">{humanize(key)}</dt>
              <dd dir="auto">{valueText(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** An activity message, rendered by its registered renderer or the default one. */
export function ActivityView({ message }: { message: ActivityMessage }) {
  const Renderer = useActivityRenderer(message.activityType) ?? DefaultActivityRenderer;
  const { activityNotShown } = useLocale().messages.conversation;
  // A renderer is app code: if it throws, only its card says so.
  const kind = labelOf(message.activityType);
  return (
    <RenderErrorBoundary
      resetKey={message}
      what={`the ${kind} activity in message ${labelOf(message.id)}`}
      fallback={<RenderErrorNotice what={activityNotShown} detail={kind} />}
    >
      <Renderer message={message} />
    </RenderErrorBoundary>
  );
}
