import type { HelpBlock, HelpSpan } from "@csc/shared";

/** Items with a key each: an article's blocks, lines and runs never move, so their place is their key. */
const keyed = <T,>(items: readonly T[], prefix: string) =>
  items.map((item, position) => ({ item, key: `${prefix}${position}` }));

function Spans({ spans }: { spans: HelpSpan[] }) {
  return (
    <>
      {keyed(spans, "s").map(({ item, key }) =>
        item.strong ? <strong key={key}>{item.text}</strong> : <span key={key}>{item.text}</span>,
      )}
    </>
  );
}

/** An article's text as React elements: the API sends data, so nothing here is HTML from a file. */
export function ArticleBody({ blocks }: { blocks: HelpBlock[] }) {
  return (
    <div className="csc-article">
      {keyed(blocks, "b").map(({ item: block, key }) => {
        if (block.kind === "paragraph") {
          return (
            <p key={key}>
              <Spans spans={block.spans} />
            </p>
          );
        }
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={key}>
            {keyed(block.items, "i").map(({ item, key: itemKey }) => (
              <li key={itemKey}>
                <Spans spans={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
