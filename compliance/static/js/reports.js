// Follows the reports being rendered: their progress moves, and the page reloads once one of them is done.
(function () {
  const rows = Array.from(document.querySelectorAll('tr[data-report]'))
    .filter((row) => ["pending", "running"].includes(row.dataset.status));
  async function poll() {
    for (const row of rows) {
      const response = await fetch(row.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) continue;
      const report = await response.json();
      if (["succeeded", "failed"].includes(report.status)) { window.location.reload(); return; }
      const bar = row.querySelector('[data-field="progress"]');
      if (bar) bar.value = report.progress;
    }
    setTimeout(poll, 1000);
  }
  if (rows.length) setTimeout(poll, 1000);
})();
