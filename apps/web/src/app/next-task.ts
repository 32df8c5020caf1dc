/**
 * A new task: a message to ourselves (no timer clamping), so the browser may paint and handle input before what
 * follows runs. Used by the boot stages (main.tsx; ADR 0205) and the router's deferred work (router.tsx; ADR 0215).
 * @returns a promise resolved in a later task
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
