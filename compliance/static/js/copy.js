// « Copier »: a button with data-copy="#field" copies that field's text and says so on the button for a moment.
(function () {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", async () => {
      const field = document.querySelector(button.dataset.copy);
      field.select();
      try { await navigator.clipboard.writeText(field.value); } catch (e) { document.execCommand("copy"); }
      const label = button.innerHTML;
      button.textContent = button.dataset.copied;
      setTimeout(() => { button.innerHTML = label; }, 2000);
    });
  }
})();
