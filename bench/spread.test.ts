import { describe, expect, it } from "vitest";
import { spreadRows } from "./spread";

describe("a benchmark's spread over its runs", () => {
  it("gives each number as min / median / max, and one value when every run agreed", () => {
    const runs = [
      [{ page: "/", "req/s": 900, p99: 12 }],
      [{ page: "/", "req/s": 1100, p99: 12 }],
      [{ page: "/", "req/s": 1000.5, p99: 12 }],
    ];
    expect(spreadRows(runs)).toEqual([{ page: "/", "req/s": "900 / 1001 / 1100", p99: 12 }]);
  });

  it("meets a target only when the worst run met it", () => {
    const runs = [[{ met: true }], [{ met: false }], [{ met: true }]];
    expect(spreadRows(runs)).toEqual([{ met: false }]);
    expect(spreadRows([[{ met: true }], [{ met: true }]])).toEqual([{ met: true }]);
  });

  it("matches rows by position and lists texts that differ between runs", () => {
    const runs = [
      [
        { figure: "first 200", detail: "22 titles" },
        { figure: "second start", detail: "new process" },
      ],
      [
        { figure: "first 200", detail: "21 titles" },
        { figure: "second start", detail: "new process" },
      ],
    ];
    expect(spreadRows(runs)).toEqual([
      { figure: "first 200", detail: "22 titles · 21 titles" },
      { figure: "second start", detail: "new process" },
    ]);
  });
});
