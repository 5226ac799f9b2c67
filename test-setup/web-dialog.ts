// jsdom has <dialog> without its modal methods: every screen test with a Dialog or a
// ConfirmDialog (components/ui) needs them, so they are given here once.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};
