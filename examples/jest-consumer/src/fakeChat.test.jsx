import { fakeChat } from "@crayonai/react-core/testing";
import { CrayonChat } from "@crayonai/react-ui";
import { render, screen } from "@testing-library/react";

// No web APIs added here: loading the packages and rendering a thread needs none of them.
test("CrayonChat renders a thread's markdown from a hand-built chat", () => {
  const chat = fakeChat({
    thread: {
      messages: [
        { id: "u1", role: "user", content: "What is Crayon?" },
        { id: "a1", role: "assistant", content: "A **headless** chat SDK." },
      ],
    },
  });
  render(<CrayonChat chat={chat} />);

  expect(screen.getByText("What is Crayon?")).toBeTruthy();
  expect(screen.getByText("headless").tagName).toBe("STRONG");
});
