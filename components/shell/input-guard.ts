// 水合前的输入（docs/HYDRATION.md）：服务端画出的页面在 React 水合之前就看得见、点得到，
// 那时的点击与回车没有处理函数接，会丢。根布局 <head> 里以内联脚本运行 installInputGuard：
// 目标还没水合时把点击与输入框里的回车拦下排队，打字照常进输入框并记下值；水合标记一变，按先后重放。
// 本函数经 toString() 原样内联进页面（CSP nonce），故不引用模块里的任何东西，只用浏览器自带的 API。

/** 排队的一次输入：点击、输入框里的回车、输入框的值（打字本身照常发生，水合后再经 input 事件交给 React） */
type Queued = { kind: 'click' | 'enter'; el: Element } | { kind: 'value'; el: HTMLInputElement | HTMLTextAreaElement; value: string };

export function installInputGuard(): void {
  const root = document.documentElement;
  const queue: Queued[] = [];
  let scheduled = false;

  /** 目标还不能操作：根布局没水合（html 无 data-hydrated），或它所在的界面还有没水合的部分（data-screen-ready=false） */
  const pending = (el: Element): boolean => {
    if (root.getAttribute('data-hydrated') !== 'true') return true;
    const screen = el.closest('[data-screen-path]');
    return !!screen && !!screen.querySelector('[data-screen-ready="false"]');
  };
  /** 可输入文字的控件：打字、点进去聚焦都照常由浏览器处理 */
  const isTextField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && !/^(button|submit|reset|checkbox|radio|file|image|color|range|hidden)$/.test(el.type));

  const onClick = (e: MouseEvent) => {
    const el = e.target;
    if (!(el instanceof Element) || !pending(el) || isTextField(el)) return;
    // 普通链接（真地址）不用等：浏览器自己就会打开
    const link = el.closest('a[href]');
    if (link && !/^(#|javascript:)/i.test(link.getAttribute('href') ?? '')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const last = queue[queue.length - 1];
    // 没反应时连点的几下只算一下（否则水合后对话框开两次、提交两次）
    if (!last || last.kind !== 'click' || last.el !== el) queue.push({ kind: 'click', el });
  };
  const onKeydown = (e: KeyboardEvent) => {
    const el = e.target;
    // 只拦输入框里的回车（否则浏览器按原生表单提交，整页带着查询串跳走）；按钮上的回车浏览器会转成点击，由 onClick 排队
    if (e.key !== 'Enter' || e.isComposing || !(el instanceof HTMLInputElement) || !isTextField(el) || !pending(el)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    queue.push({ kind: 'enter', el });
  };
  const onInput = (e: Event) => {
    const el = e.target;
    if (!(el instanceof Element) || !isTextField(el)) return;
    if (!pending(el)) {
      // 水合后又打了字：React 这次拿到的是框里的全部文字（含水合前打的），排着的旧值不再重放，免得盖掉新打的
      for (let i = queue.length - 1; i >= 0; i--) {
        const q = queue[i];
        if (q.kind === 'value' && q.el === el) queue.splice(i, 1);
      }
      return;
    }
    const last = queue[queue.length - 1];
    if (last && last.kind === 'value' && last.el === el) last.value = el.value;
    else queue.push({ kind: 'value', el, value: el.value });
  };
  // 原生表单提交（会整页跳走）在水合前一律不许：触发它的点击或回车已经排队
  const onSubmit = (e: Event) => {
    if (e.target instanceof Element && pending(e.target)) e.preventDefault();
  };

  const replay = (item: Queued) => {
    if (item.kind === 'value') {
      const el = item.el;
      // React 记着控件上次的值（水合时取的正是已经打进去的字），先经实例上的 setter 让它记成别的值，
      // 再经原型上的 setter 写回真值并发 input 事件：React 才认为值变了，触发 onChange
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      el.value = item.value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, item.value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      return;
    }
    if (item.kind === 'click') {
      // 点在按钮里的图标上时目标是 SVG 元素（没有 click()）：由最近的 HTML 元素点，事件照样冒泡到按钮
      let el: Element | null = item.el;
      while (el && !(el instanceof HTMLElement)) el = el.parentElement;
      el?.click();
    } else {
      const el = item.el as HTMLInputElement;
      const key = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
      // 只认 keyCode 的组件也能识别
      Object.defineProperty(key, 'keyCode', { value: 13 });
      Object.defineProperty(key, 'which', { value: 13 });
      const notHandled = el.dispatchEvent(key);
      // 脚本发出的回车不会触发浏览器的隐式提交：照它的规则点表单的默认提交按钮，没有就直接提交
      const form = el.form;
      if (notHandled && form) {
        const submit = form.querySelector<HTMLElement>('button[type=submit], input[type=submit]');
        if (submit) submit.click();
        else form.requestSubmit();
      }
    }
  };
  /** 依次重放已经可以操作的排队输入；遇到还不能的就停（保持先后），下一个标记变化再来 */
  const flush = () => {
    scheduled = false;
    while (queue.length > 0) {
      const item = queue[0];
      // 元素已不在页面上（水合后被换掉）：这一次输入作废
      if (item.el.isConnected && pending(item.el)) return;
      queue.shift();
      if (!item.el.isConnected) continue;
      replay(item);
      // 每次重放单独一轮任务：上一次引起的 React 状态先提交（输入的值先进表单，再点查询）
      if (queue.length > 0) schedule();
      return;
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(flush, 0);
  };

  window.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKeydown, true);
  window.addEventListener('input', onInput, true);
  window.addEventListener('submit', onSubmit, true);
  new MutationObserver(() => {
    if (queue.length > 0) schedule();
  }).observe(root, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'data-screen-ready'] });
}

/** 内联进页面的脚本正文 */
export const INPUT_GUARD_SCRIPT = `(${installInputGuard.toString()})()`;
