import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard checks: walk a page with Tab, see that each control the focus lands on looks
 * different while focused (outline, box-shadow or border colour, on the control or the box drawn
 * around it), and that nothing clickable is left out of the walk.
 */

/** One stop of the focus: what it is and whether it showed that it has the focus. */
export interface FocusStop {
  /** "role name", e.g. "button View", "menuitem Users", "combobox Status". */
  label: string;
  /** What changed when the focus came (e.g. "outline"), or '' when nothing did. */
  indicator: string;
}

/**
 * Runs in the page: helpers kept on window between steps (the set of controls the focus reached,
 * the look of the one focused last).
 */
async function install(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    if (w.__kbd) return;
    // Looks change at once: each stop compares the final focused look, and waiting out antd's
    // 0.2 s transitions after every key press made this walk most of the browser suite's time.
    const instant = document.createElement('style');
    instant.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(instant);
    const LOOK = [
      'outline-style',
      'outline-width',
      'outline-color',
      'box-shadow',
      'border-top-color',
      'border-bottom-color',
    ] as const;
    /**
     * The control and the boxes drawn around it (at most 4 levels up, no taller than a line
     * around it: a field's frame with its icons and prefix, never the table cell or the card).
     */
    const boxes = (el: Element): Element[] => {
      const own = el.getBoundingClientRect();
      const list: Element[] = [el];
      let up = el.parentElement;
      for (let level = 0; up && level < 4; level += 1, up = up.parentElement) {
        const box = up.getBoundingClientRect();
        if (box.width > own.width + 240 || box.height > own.height + 24) break;
        list.push(up);
      }
      // A checkbox or radio draws its focus on the box beside its hidden input.
      if (el.nextElementSibling) list.push(el.nextElementSibling);
      return list;
    };
    const look = (el: Element) =>
      boxes(el).map((box) => {
        const style = getComputedStyle(box);
        return Object.fromEntries(LOOK.map((name) => [name, style.getPropertyValue(name)]));
      });
    const name = (el: Element): string => {
      const labelled = el.getAttribute('aria-labelledby');
      const text =
        el.getAttribute('aria-label') ||
        (labelled
          ? labelled
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
          : '') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.getAttribute('placeholder') ||
        (el as HTMLElement).innerText ||
        el.getAttribute('title') ||
        '';
      return text.replace(/\s+/g, ' ').trim().slice(0, 60);
    };
    const role = (el: Element): string => {
      const explicit = el.getAttribute('role');
      if (explicit) return explicit;
      const tag = el.tagName.toLowerCase();
      if (tag === 'a') return 'link';
      if (tag === 'input') {
        const type = (el as HTMLInputElement).type;
        return type === 'checkbox' || type === 'radio' ? type : 'textbox';
      }
      if (tag === 'textarea') return 'textbox';
      return tag;
    };
    /** Finite animations and transitions (a focus ring fading in) have ended. */
    const settle = () =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    const changed = (
      focused: Record<string, string>[],
      unfocused: Record<string, string>[],
    ): string => {
      for (const [index, before] of unfocused.entries()) {
        const now = focused[index];
        if (!now) continue;
        const outline =
          now['outline-style'] !== 'none' &&
          parseFloat(now['outline-width']) > 0 &&
          !/rgba\([^)]*,\s*0\)|transparent/.test(now['outline-color']) &&
          (before['outline-style'] === 'none' ||
            before['outline-width'] !== now['outline-width'] ||
            before['outline-color'] !== now['outline-color']);
        if (outline) return 'outline';
        if (now['box-shadow'] !== before['box-shadow'] && now['box-shadow'] !== 'none') {
          return 'box-shadow';
        }
        if (
          now['border-top-color'] !== before['border-top-color'] ||
          now['border-bottom-color'] !== before['border-bottom-color']
        ) {
          return 'border';
        }
      }
      return '';
    };
    const ids = new WeakMap<Element, number>();
    let count = 0;
    const id = (el: Element) => {
      if (!ids.has(el)) ids.set(el, (count += 1));
      return ids.get(el)!;
    };
    w.__kbd = {
      id,
      reached: new Set<Element>(),
      pending: [],
      boxes,
      look,
      name,
      role,
      settle,
      changed,
    };
  });
}

/**
 * Takes one step (a key press that moves the focus) and records where the focus went. The look
 * of the control left behind is read now that it has lost the focus, and compared with its look
 * while it had it.
 */
async function step(page: Page, key: string): Promise<{ id: number; body: boolean }> {
  await page.keyboard.press(key);
  return page.evaluate(async () => {
    type Pending = {
      el: Element;
      boxes: Element[];
      focused: Record<string, string>[];
      stop: { indicator: string };
    };
    type Kbd = {
      id: (el: Element) => number;
      reached: Set<Element>;
      pending: Pending[];
      boxes: (el: Element) => Element[];
      look: (el: Element) => Record<string, string>[];
      name: (el: Element) => string;
      role: (el: Element) => string;
      settle: () => Promise<unknown>;
      changed: (a: Record<string, string>[], b: Record<string, string>[]) => string;
    };
    const kbd = (window as unknown as { __kbd: Kbd }).__kbd;
    await kbd.settle();
    const el = document.activeElement;
    // A control left behind is compared with its focused look once the focus is out of the
    // boxes drawn around it (a field's own clear or show button keeps its frame focused).
    kbd.pending = kbd.pending.filter((left) => {
      if (!left.el.isConnected) {
        left.stop.indicator = 'removed';
        return false;
      }
      if (el && left.boxes.some((box) => box.contains(el))) return true;
      left.stop.indicator = kbd.changed(left.focused, kbd.look(left.el));
      return false;
    });
    if (!el || el === document.body) return { id: 0, body: true };
    kbd.reached.add(el);
    const label = `${kbd.role(el)} ${kbd.name(el)}`.trim();
    if (!kbd.pending.some((left) => left.el === el)) {
      const stop = { label, indicator: 'unknown' };
      kbd.pending.push({ el, boxes: kbd.boxes(el), focused: kbd.look(el), stop });
      (window as unknown as { __stops: object[] }).__stops.push(stop);
    }
    return { id: kbd.id(el), body: false };
  });
}

/**
 * Presses Tab (or Shift+Tab) from where the focus is until it leaves the page or comes back to
 * a control already passed, and gives every stop with the focus indicator it showed.
 */
export async function walk(
  page: Page,
  { key = 'Tab', max = 250 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
): Promise<FocusStop[]> {
  // Not over a control: a hovered control has its hover look.
  await page.mouse.move(0, 0);
  await install(page);
  await page.evaluate(() => {
    (window as unknown as { __stops: object[] }).__stops = [];
    (window as unknown as { __kbd: { pending: unknown[] } }).__kbd.pending = [];
  });
  // From wherever the focus is (after a click, in the middle of the page) to the end of the
  // page, out of it, then from the top again until a control comes back.
  const seen = new Set<number>();
  let outside = 0;
  for (let i = 0; i < max; i += 1) {
    const { id, body } = await step(page, key);
    if (body) {
      outside += 1;
      if (outside > 2) break;
      continue;
    }
    if (seen.has(id)) break;
    seen.add(id);
  }
  // The last stop's unfocused look: move the focus off it.
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await step(page, 'Shift'); // a key that moves nothing: reads the look of the one left
  return page.evaluate(() => (window as unknown as { __stops: FocusStop[] }).__stops);
}

/** The stops that showed no focus indicator. */
export function withoutIndicator(stops: FocusStop[]): string[] {
  return stops.filter((stop) => !stop.indicator).map((stop) => stop.label);
}

/**
 * Visible controls (and anything drawn with a pointer cursor, i.e. clickable) that the focus
 * never reached in the walks since the page loaded: each is "role name".
 */
export async function unreached(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Kbd = {
      reached: Set<Element>;
      name: (el: Element) => string;
      role: (el: Element) => string;
    };
    const kbd = (window as unknown as { __kbd: Kbd }).__kbd;
    const CONTROLS =
      'button, a[href], input, select, textarea, [role=button], [role=link], [role=menuitem], ' +
      '[role=tab], [role=switch], [role=checkbox], [role=radio], [role=combobox], [onclick]';
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const disabled = (el: Element) =>
      el.matches(':disabled, [aria-disabled=true]') ||
      Boolean(el.closest('[aria-disabled=true], .ant-btn-disabled, fieldset:disabled'));
    const pointer = (el: Element) => getComputedStyle(el).cursor === 'pointer';
    const reachedNear = (el: Element) => {
      for (const done of kbd.reached) {
        if (done.isConnected && (done === el || el.contains(done) || done.contains(el))) {
          return true;
        }
      }
      // A label of a control that was reached.
      const control = (el as HTMLLabelElement).control;
      return Boolean(control && kbd.reached.has(control));
    };
    const candidates = new Set<Element>(document.querySelectorAll(CONTROLS));
    for (const el of document.querySelectorAll('body *')) {
      // The outermost element drawn with a pointer (its children inherit the cursor).
      if (pointer(el) && !(el.parentElement && pointer(el.parentElement))) candidates.add(el);
    }
    const missed: string[] = [];
    for (const el of candidates) {
      if (!visible(el) || disabled(el)) continue;
      // Hidden inputs of antd's checkboxes, radios and uploads sit under what is drawn.
      if (el.matches('input[type=file]')) continue;
      if (!reachedNear(el)) missed.push(`${kbd.role(el)} ${kbd.name(el)}`.trim());
    }
    return missed;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never does. The control
 * is then reached by keyboard alone.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { key = 'Tab', max = 200 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${key}`).toBeFocused({ timeout: 1 });
}

/**
 * Presses a key that moves the focus inside a widget (an arrow key between tabs) and records
 * the stop as a walk does; the next walk reports its focus indicator.
 */
export async function press(page: Page, key: string) {
  await install(page);
  await page.evaluate(() => {
    const w = window as unknown as { __stops?: object[] };
    w.__stops ??= [];
  });
  await step(page, key);
}
