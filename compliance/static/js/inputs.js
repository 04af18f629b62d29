// Structured inputs (registers/inputs.py): each form works without this file; with it, a counting grid shows its
// line totals and grand total as one types, a table of rows gets its « add » and « remove » buttons, and a field
// marked data-show-if is shown only when it applies (the server checks it the same either way).
(function () {
  "use strict";

  function cents(text) {  // a decimal key « 25.00 » as integer cents, never a float sum
    const [units, fraction = ""] = String(text).split(".");
    return parseInt(units, 10) * 100 + parseInt((fraction + "00").slice(0, 2), 10);
  }

  function grid(box) {
    const format = new Intl.NumberFormat(box.dataset.locale || document.documentElement.lang || "fr",
      { style: "currency", currency: box.dataset.currency || "EUR" });
    const shown = (amount) => format.format(amount / 100);
    function update() {
      let total = 0;
      box.querySelectorAll("input[data-value]").forEach(function (input) {
        const cell = input.closest("tr").querySelector("[data-line-total]");
        const text = input.value.trim();
        if (/^[0-9]+$/.test(text)) {
          const line = cents(input.dataset.value) * parseInt(text, 10);
          total += line;
          cell.textContent = shown(line);
        } else {
          cell.textContent = text ? "?" : "—";
        }
      });
      box.querySelector("[data-grid-total]").textContent = shown(total);
    }
    box.addEventListener("input", update);
    update();
  }

  function rows(box) {
    const body = box.querySelector("[data-rows-body]");
    const template = box.querySelector("template[data-row-template]");
    box.querySelectorAll("[data-row-add], [data-row-remove]").forEach((button) => { button.hidden = false; });
    box.addEventListener("click", function (event) {
      const add = event.target.closest("[data-row-add]");
      const remove = event.target.closest("[data-row-remove]");
      if (add) {
        body.appendChild(template.content.cloneNode(true));
        const added = body.lastElementChild.querySelector("input, select");
        if (added) added.focus();
      } else if (remove) {
        const row = remove.closest("[data-row]");
        if (body.querySelectorAll("[data-row]").length > 1) {
          row.remove();
          box.querySelector("[data-row-add]").focus();
        } else {
          row.querySelectorAll("input, select").forEach((input) => { input.value = ""; });
        }
      }
    });
  }

  // A field shown when another one's value says it applies: data-show-if names the other field (its name
  // attribute); data-show-before="YYYY-MM-DD" (a date before it), data-show-values="a b" (one of those values;
  // « on » for a ticked box) or data-show-empty (left empty).
  function conditional(input) {
    const form = input.form;
    const others = form ? Array.from(form.elements).filter((el) => el.name === input.dataset.showIf) : [];
    if (!others.length) return;
    const wrap = input.closest("[data-field]") || input.parentElement;
    const cell = wrap.parentElement && /\bcol\b|col-/.test(wrap.parentElement.className) ? wrap.parentElement : wrap;
    function current() {
      const checked = others.filter((el) => (el.type === "radio" || el.type === "checkbox") ? el.checked : true);
      if (others[0].type === "checkbox") return checked.length ? "on" : "";
      return checked.length ? checked[0].value : "";
    }
    function applies() {
      const value = current();
      if (input.dataset.showBefore !== undefined) return value !== "" && value < input.dataset.showBefore;
      if (input.dataset.showValues !== undefined) return input.dataset.showValues.split(" ").includes(value);
      if (input.dataset.showEmpty !== undefined) return value === "";
      return value !== "";
    }
    function update() {
      const refused = cell.querySelector(".is-invalid, .invalid-feedback");
      const shown = Boolean(applies() || refused || input.value);
      cell.hidden = !shown;
      cell.classList.toggle("d-none", !shown);  // a grid column's d-flex would override [hidden]
    }
    others.forEach((el) => { el.addEventListener("input", update); el.addEventListener("change", update); });
    update();
  }

  document.querySelectorAll("[data-grid]").forEach(grid);
  document.querySelectorAll("[data-rows]").forEach(rows);
  document.querySelectorAll("[data-show-if]").forEach(conditional);
})();
