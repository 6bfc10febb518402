// The account in the Settings dialog: sign up with a passkey (this browser's player, its games
// and streaks, becomes the account), sign in with one on another device, sign out, the
// account's passkeys, sign out on every other device (every other session of the player ends),
// and a one-time transfer code for players without a passkey. The
// passkey ceremony is the browser's (WebAuthn); the server checks every answer.
// Uses app.js's $, t, api and problem.
"use strict";

(() => {
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const text = (tag, key, props = {}) => {
    const node = el(tag, { textContent: t(key), ...props });
    node.dataset.i18n = key;
    return node;
  };
  const button = (id, key, onClick) => {
    const b = text("button", key, { type: "button", id });
    b.addEventListener("click", onClick);
    return b;
  };
  const passkeys = "PublicKeyCredential" in window &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function";

  const status = el("p", { id: "account-status", className: "note" });
  status.setAttribute("role", "status");
  const list = el("ul", { id: "account-passkeys" });
  const code = el("output", { id: "account-transfer-code" });
  const codeInput = el("input", { id: "account-transfer-input", maxLength: 20,
                                  autocomplete: "off", autocapitalize: "characters" });
  codeInput.dataset.i18nAria = "account.codeLabel";
  codeInput.setAttribute("aria-label", t("account.codeLabel"));
  const signUp = button("account-sign-up", "account.signUp", () => register());
  const add = button("account-add", "account.add", () => register());
  const signIn = button("account-sign-in", "account.signIn", () => signInWithPasskey());
  const signOut = button("account-sign-out", "account.signOut", () => leave());
  const everywhere = button("account-sign-out-everywhere", "account.signOutEverywhere",
                            () => signOutEverywhere());
  signOut.hidden = true;  // until the account is read (refresh)
  everywhere.hidden = true;
  const section = el("section", { id: "account" },
    text("h3", "account"), status, list,
    el("p", {}, signUp, add, signIn, signOut, everywhere),
    text("h4", "account.transfer"),
    el("p", {}, button("account-transfer-make", "account.makeCode", () => makeCode()), code),
    el("p", {}, codeInput, button("account-transfer-use", "account.useCode", () => useCode())));
  $("settings-dialog").append(section);

  function tell(key, params = {}, isError = false) {
    status.textContent = t(key, params);
    status.classList.toggle("error", isError);
  }
  // A passkey the server refused without a code of the game's (a signature or an answer it
  // cannot check) is said as such, not as "try again": trying the same passkey again fails
  // the same way.
  const failed = (e) => {
    const refused = e instanceof ApiError && !e.code && [400, 403].includes(e.status);
    status.textContent = e instanceof DOMException ? t("account.cancelled")
      : refused ? t("account.refused") : problem(e);
    status.classList.add("error");
  };

  async function refresh() {
    let account;
    try {
      account = await api("/api/account");
    } catch (e) {
      failed(e);
      return;
    }
    const signedUp = account.signed_up;
    signUp.hidden = signedUp || !passkeys;
    add.hidden = !signedUp || !passkeys;
    signIn.hidden = !passkeys;
    signOut.hidden = !signedUp;
    everywhere.hidden = !signedUp;  // an anonymous player has no other device
    tell(!passkeys ? "account.noPasskeys" : signedUp ? "account.signedUp" : "account.anonymous",
         { count: account.passkeys.length });
    list.replaceChildren(...account.passkeys.map((k) => {
      const used = k.last_used_at || k.created_at;
      const remove = text("button", "account.remove", { type: "button" });
      remove.addEventListener("click", () => removePasskey(k.id));
      return el("li", {}, el("span", { textContent: `${k.label} · ${dateText(used.slice(0, 10))}` }),
                remove);
    }));
  }

  async function register() {
    try {
      const options = await api("/api/account/register/options", {});
      const credential = await navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
      await api("/api/account/register", { credential: credential.toJSON(), label: deviceLabel() });
      await refresh();
      tell("account.added");
    } catch (e) {
      failed(e);
    }
  }

  async function signInWithPasskey() {
    try {
      const options = await api("/api/account/sign-in/options", {});
      const credential = await navigator.credentials.get({
        publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
      await api("/api/account/sign-in", { credential: credential.toJSON() });
      location.reload();  // the account's games, statistics and streaks
    } catch (e) {
      failed(e);
    }
  }

  async function leave() {
    try {
      await api("/api/account/sign-out", {});
      location.reload();
    } catch (e) {
      failed(e);
    }
  }

  // every other browser, device and copied cookie of this player gets a new anonymous player;
  // this browser plays on (the server gives it a new cookie)
  async function signOutEverywhere() {
    try {
      await api("/api/account/sign-out-everywhere", {});
      tell("account.signedOutEverywhere");
    } catch (e) {
      failed(e);
    }
  }

  async function removePasskey(id) {
    try {
      await api("/api/account/passkeys/remove", { id });
      await refresh();
    } catch (e) {
      failed(e);
    }
  }

  async function makeCode() {
    try {
      const made = await api("/api/account/transfer", {});
      code.textContent = made.code;
      tell("account.codeMade");
    } catch (e) {
      failed(e);
    }
  }

  async function useCode() {
    try {
      await api("/api/account/transfer/redeem", { code: codeInput.value });
      location.reload();
    } catch (e) {
      failed(e);
    }
  }

  // the passkey's name in the list: the device's kind, as far as the page can tell
  function deviceLabel() {
    const platform = navigator.userAgentData?.platform || navigator.platform || "";
    return (platform || "passkey").slice(0, 40);
  }

  $("settings-button").addEventListener("click", () => refresh());
})();
