/**
 * The top bar's menu button on narrow screens: it opens and closes the menu panel and says so through aria-expanded;
 * Escape or a click outside the bar closes it, and Escape hands focus back to the button so a keyboard user is not
 * left inside a panel that is gone. foldableMenu(document.querySelector('.topbar')).
 */
export function foldableMenu(bar: HTMLElement | null): void {
  const button = bar?.querySelector<HTMLButtonElement>('.topbar__menu-button');
  if (!bar || !button) return;
  const setOpen = (open: boolean) => {
    bar.classList.toggle('is-open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  button.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && event.target instanceof Node && !bar.contains(event.target)) setOpen(false);
  });
}
