// Touch targets smaller than 44x44 CSS pixels (WCAG 2.5.5), as a list of
// {target, text, width, height}. Run through WebDriver as a function body.
//
// A target is a link, button, form field, summary or element with a control role, and the
// label of a checkbox or radio (the label is what a thumb taps). A checkbox or radio passes
// when it or one of its labels is large enough. Exempt, as WCAG exempts them: a link inside
// a sentence (a paragraph with more text than the link), and what is not shown.
const MIN = 44;
const slack = 0.01;
const shown = (el) => {
  const r = el.getBoundingClientRect();
  const s = getComputedStyle(el);
  return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && parseFloat(s.opacity) > 0;
};
const large = (el) => {
  const r = el.getBoundingClientRect();
  return r.width >= MIN - slack && r.height >= MIN - slack;
};
const choice = (el) => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
const inSentence = (a) => {
  let block = a.parentElement;
  while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
  return !!block && block.tagName === 'P' &&
    block.textContent.trim().length > a.textContent.trim().length;
};
const describe = (el) => {
  let name = el.tagName.toLowerCase();
  if (el.id) name += '#' + el.id;
  else if (el.classList.length) name += '.' + Array.from(el.classList).join('.');
  if (el.getAttribute('name')) name += '[name=' + el.getAttribute('name') + ']';
  if (el.getAttribute('value') && choice(el)) name += '[value=' + el.getAttribute('value') + ']';
  return name;
};
const targets = document.querySelectorAll(
  'a[href], button, input:not([type=hidden]), select, textarea, summary, label, ' +
  '[role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem]');
const small = [];
for (const el of targets) {
  if (el.tagName === 'LABEL') {
    if (!el.control || !choice(el.control) || !shown(el)) continue;
  } else if (!shown(el)) {
    continue;
  }
  if (el.tagName === 'A' && inSentence(el)) continue;
  if (large(el)) continue;
  if (choice(el) && Array.from(el.labels || []).some((l) => shown(l) && large(l))) continue;
  const r = el.getBoundingClientRect();
  small.push({
    target: describe(el),
    text: (el.textContent || el.value || '').trim().replace(/\s+/g, ' ').slice(0, 40),
    width: Math.round(r.width * 10) / 10,
    height: Math.round(r.height * 10) / 10,
  });
}
return small;
