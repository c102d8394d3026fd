import type { ReactNode } from "react";

/** Props of {@link HostPage}. */
export type HostPageProps = {
  layout: "copilot" | "bottom-tray";
  /** The chat: a panel beside the page (copilot) or a launcher above it (bottom tray). */
  children: ReactNode;
};

const orders = [
  { id: "#1042", customer: "Ada Lovelace", total: "$120.00", status: "Shipped" },
  { id: "#1041", customer: "Grace Hopper", total: "$64.50", status: "Processing" },
  { id: "#1040", customer: "Alan Turing", total: "$310.20", status: "Delivered" },
];

/** A stand-in for the app that embeds the chat, so the copilot and tray layouts have a context. */
export function HostPage({ layout, children }: HostPageProps) {
  return (
    <div className={`host host--${layout}`}>
      <main className="host__page" aria-label="Example host page">
        <h1>Orders</h1>
        <p className="host__lead">
          This page stands in for your app.{" "}
          {layout === "copilot"
            ? "The chat sits beside it as a copilot."
            : "The chat opens from the button in the corner."}
        </p>
        <ul className="host__stats">
          <li>
            <strong>128</strong> orders today
          </li>
          <li>
            <strong>$9,412</strong> revenue
          </li>
          <li>
            <strong>3</strong> waiting for review
          </li>
        </ul>
        <table className="host__table">
          <caption>Latest orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Customer</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td>{order.id}</td>
                <td>{order.customer}</td>
                <td>{order.total}</td>
                <td>{order.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
      {layout === "copilot" ? (
        <aside className="host__copilot" aria-label="Copilot">
          {children}
        </aside>
      ) : (
        children
      )}
    </div>
  );
}
