/**
 * A pause between React's evaluation and the wizard's. A page's static module graph is evaluated
 * in one task; on a slow phone, React, ReactDOM and the router (the framework chunk) and then the
 * wizard's shell and entry made one task of 120–150 ms at 4× CPU, with the page already on screen.
 * main.tsx imports this module after React and before the wizard's own modules, so everything
 * evaluated after it waits for this top-level await: the browser paints and answers input between
 * the two halves.
 */
await new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});

export {};
