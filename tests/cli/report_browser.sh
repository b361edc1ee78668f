#!/usr/bin/env bash
# tests/cli/report_browser.sh XCOUNT SOURCE_DIR CHROMIUM WORK_DIR: `xcount verify jobs/ --html`
# opened in a real browser. Headless Chromium loads the report inside a checking page (which
# may read it: --allow-file-access-from-files), and the checking page's script writes what it
# found into its own DOM, which --dump-dom prints:
#   - one table row per quick job, each with status ok;
#   - every picture laid out with a non-empty box, each piece with a non-empty bounding box,
#     as many pieces/squares as the picture says it has, and, rasterised onto a canvas, at
#     least 5% of its pixels coloured (not white, not transparent);
#   - a row without a picture says why: no solution (and then it found 0), or a DLX file;
#   - at 1280 px (a laptop's screen) the page needs no horizontal scroll bar, and a picture of
#     several panels (a polycube's layers) draws a cell at least 20 px wide;
#   - long counts wrap between groups of three digits, never inside one (some do wrap), and a
#     count's cell reads back as its plain digits.
# A screenshot of the report at 1280 px is left in WORK_DIR/report.png.
set -euo pipefail
xcount=$1 src=$2 chromium=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work"
"$xcount" verify "$src/jobs" --html report.html > verify.txt
quick=$(grep -l '^cost *= *quick' "$src"/jobs/*.ini | wc -l)

cat > check.html <<'PAGE'
<!DOCTYPE html>
<html><body>
<pre id="result">pending</pre>
<iframe id="report" src="report.html" width="1280" height="1200"></iframe>
<script>
function colouredFraction(svg) {
  const text = new XMLSerializer().serializeToString(svg);
  const img = new Image();
  img.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(text)));
  return img.decode().then(() => {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(svg.width.baseVal.value));
    canvas.height = Math.max(1, Math.round(svg.height.baseVal.value));
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    const px = g.getImageData(0, 0, canvas.width, canvas.height).data;
    let coloured = 0;
    for (let k = 0; k < px.length; k += 4)
      if (px[k + 3] > 0 && !(px[k] > 245 && px[k + 1] > 245 && px[k + 2] > 245)) coloured++;
    return coloured / (px.length / 4);
  });
}
async function check() {
  const doc = document.getElementById('report').contentDocument;
  const rows = [...doc.querySelectorAll('tbody tr.job')];
  let ok = 0, pictures = 0, rendered = 0, explained = 0, smallest = 1000;
  const bad = [];
  for (const row of rows) {
    if (row.dataset.status === 'ok') ok++;
    const svg = row.querySelector('td.picture svg');
    if (!svg) {
      const note = row.querySelector('td.picture').textContent;
      const found = row.querySelector('td.found').textContent;
      if ((note === 'no solution' && found === '0') || note.includes('DLX')) explained++;
      else bad.push(row.dataset.job + ': ' + note);
      continue;
    }
    pictures++;
    const box = svg.getBoundingClientRect();
    if (svg.querySelectorAll('.panel').length > 1) smallest = Math.min(smallest, Math.floor(40 * box.width / svg.viewBox.baseVal.width));
    const pieces = [...svg.querySelectorAll('.piece')];
    const squares = svg.querySelectorAll('.square').length;
    const empty = pieces.filter(p => { const b = p.getBBox(); return !(b.width > 0 || b.height > 0); }).length;
    const fraction = await colouredFraction(svg);
    const wanted = Number(svg.dataset.pieces);
    if (box.width > 0 && box.height > 0 && empty === 0 && pieces.length === wanted && pieces.length + squares > 0 && fraction >= 0.05)
      rendered++;
    else
      bad.push(row.dataset.job + ': box ' + box.width + 'x' + box.height + ', pieces ' + pieces.length + '/' + wanted +
               ', empty ' + empty + ', coloured ' + fraction.toFixed(3));
  }
  // Long counts wrap between digit groups, never inside one, and read back as plain digits.
  let wrapped = 0, split = 0, digits = 0;
  for (const td of doc.querySelectorAll('td.expected, td.found')) {
    const groups = [...td.querySelectorAll('.g')];
    split += groups.filter(g => g.getClientRects().length !== 1).length;
    if (groups.length && new Set(groups.map(g => Math.round(g.getBoundingClientRect().top))).size > 1) wrapped++;
    if (/^(partial )?[0-9]+$/.test(td.textContent)) digits++;
    else if (td.textContent !== '-') bad.push('a number cell reads "' + td.textContent + '"');
  }
  const page = doc.documentElement;
  document.getElementById('result').textContent =
    'rows=' + rows.length + ' ok=' + ok + ' pictures=' + pictures + ' rendered=' + rendered + ' explained=' + explained +
    ' wide=' + page.scrollWidth + ' seen=' + page.clientWidth + ' cell=' + smallest +
    ' wrapped=' + wrapped + ' split=' + split + ' digits=' + digits +
    ' bad=[' + bad.join('; ') + ']';
}
document.getElementById('report').addEventListener('load', () => check().catch(e => {
  document.getElementById('result').textContent = 'error: ' + e;
}));
</script>
</body></html>
PAGE

flags=(--headless --no-sandbox --disable-gpu --allow-file-access-from-files --virtual-time-budget=30000)
timeout 180 "$chromium" "${flags[@]}" --dump-dom "file://$work/check.html" > dom.html 2> chromium.log
timeout 180 "$chromium" "${flags[@]}" --window-size=1280,2400 --screenshot="$work/report.png" "file://$work/report.html" 2>> chromium.log
result=$(grep -o '<pre id="result">[^<]*' dom.html | sed 's/.*>//' || true)
echo "browser: $result"
[ -n "$result" ] || { echo "no result from the checking page:"; tail -20 dom.html chromium.log; exit 1; }
eval "$(echo "$result" | grep -o '^rows=[0-9]* ok=[0-9]* pictures=[0-9]* rendered=[0-9]* explained=[0-9]* wide=[0-9]* seen=[0-9]* cell=[0-9]* wrapped=[0-9]* split=[0-9]* digits=[0-9]*')"
fail=0
[ "$rows" -eq "$quick" ] || { echo "expected $quick rows (one per quick job), got $rows"; fail=1; }
[ "$ok" -eq "$rows" ] || { echo "$((rows - ok)) jobs not ok"; fail=1; }
[ "$pictures" -gt 0 ] || { echo "no pictures"; fail=1; }
[ "$rendered" -eq "$pictures" ] || { echo "$((pictures - rendered)) pictures did not render"; fail=1; }
[ $((pictures + explained)) -eq "$rows" ] || { echo "rows without a picture or a reason"; fail=1; }
[ "$wide" -le "$seen" ] || { echo "at 1280 px the page is $wide px wide: a horizontal scroll bar"; fail=1; }
[ "$cell" -ge 20 ] || { echo "a picture of several panels draws its cells $cell px wide"; fail=1; }
[ "$wrapped" -gt 0 ] || { echo "no count wraps at 1280 px (the longest quick job's count should)"; fail=1; }
[ "$split" -eq 0 ] || { echo "$split digit groups are broken across lines"; fail=1; }
[ "$digits" -eq $((2 * rows)) ] || { echo "$digits of $((2 * rows)) expected and found cells read as digits"; fail=1; }
echo "$result" | grep -q 'bad=\[\]' || { echo "problems: $result"; fail=1; }
[ "$(stat -c %s report.png)" -gt 20000 ] || { echo "the screenshot is (nearly) empty"; fail=1; }
exit $fail
