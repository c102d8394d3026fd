import "@crayonai/react-ui/styles.css";
import type { Preview } from "@storybook/react-vite";

/** Every story fills the canvas: chat layouts size themselves to their container. */
const preview: Preview = {
  parameters: {
    layout: "fullscreen",
    controls: { expanded: false },
  },
  decorators: [
    (Story) => (
      <div style={{ height: "100vh", width: "100%" }}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
