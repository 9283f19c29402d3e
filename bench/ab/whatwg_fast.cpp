// SPDX-License-Identifier: MIT OR Apache-2.0
// scripts/ab_whatwg.sh's program (issue 38): two builds of the WHATWG fast path
// (src/whatwg/fast.cpp, compiled twice with its two entry points renamed _a and _b) in one process,
// linked with one build of the rest of the library. Over each corpus (a file of one URL per line),
// passes alternate a, b, b, a, … for can_parse and for parse + href, each timed on the thread's CPU
// clock, so both sides see the same phases of a loaded machine. Before timing, both sides must give
// the same answer on every line: can_parse's verdict and parse's href or error (the full parser's
// where a side falls back to it). What is timed is what whatwg::can_parse and whatwg::parse do: the
// fast path, and the full parser where it falls back (can_parse's fallbacks are counted). Prints
// the median ns per URL of each side and the median of the per-round ratios b ÷ a.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "irikit/whatwg.h"
#include "whatwg/internal.h"

namespace irikit::whatwg::detail {
fast_status fast_can_parse_a(std::string_view input);
fast_status fast_can_parse_b(std::string_view input);
fast_status fast_parse_a(std::string_view input, url& out, url_error& error);
fast_status fast_parse_b(std::string_view input, url& out, url_error& error);
}  // namespace irikit::whatwg::detail

namespace {

namespace d = irikit::whatwg::detail;
using can_fn = d::fast_status (*)(std::string_view);
using parse_fn = d::fast_status (*)(std::string_view, irikit::whatwg::url&, irikit::whatwg::url_error&);

double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

double time_can(can_fn f, const std::vector<std::string>& lines) {
  const double start = cpu_ns();
  unsigned parsed = 0;
  for (const std::string& l : lines) {  // as whatwg::can_parse does (url.cpp)
    const d::fast_status st = f(l);
    parsed += st == d::fast_status::fallback ? d::parse_full(l, nullptr, nullptr, {}).has_value()
                                             : st == d::fast_status::parsed;
  }
  asm volatile("" ::"r"(parsed));
  return cpu_ns() - start;
}

double time_parse(parse_fn f, const std::vector<std::string>& lines) {
  irikit::whatwg::url u;
  irikit::whatwg::url_error e{};
  const double start = cpu_ns();
  std::size_t bytes = 0;
  for (const std::string& l : lines) {  // as whatwg::parse does (url.cpp)
    const d::fast_status st = f(l, u, e);
    if (st == d::fast_status::parsed) {
      bytes += u.href().size();
    } else if (st == d::fast_status::fallback) {
      const auto full = d::parse_full(l, nullptr, nullptr, {});
      if (full) bytes += full->href().size();
    }
  }
  asm volatile("" ::"r"(bytes));
  return cpu_ns() - start;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: whatwg_fast ROUNDS FILE...\n");
    return 2;
  }
  const int rounds = std::atoi(argv[1]);
  bool same = true;
  for (int f = 2; f < argc; ++f) {
    std::vector<std::string> lines;
    std::ifstream in(argv[f]);
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
    std::size_t fallback = 0;
    for (const std::string& l : lines) {
      irikit::whatwg::url ua, ub;
      irikit::whatwg::url_error ea{}, eb{};
      // The answers (the full parser's where a side falls back to it; the two sides may leave
      // different lines to it): can_parse's verdict, and parse's href or error.
      const auto answer = [&l](d::fast_status st) {
        return st == d::fast_status::fallback ? d::parse_full(l, nullptr, nullptr, {}).has_value()
                                              : st == d::fast_status::parsed;
      };
      const auto outcome = [&l](d::fast_status st, const irikit::whatwg::url& u,
                                irikit::whatwg::url_error e) {
        if (st == d::fast_status::fallback) {
          const auto full = d::parse_full(l, nullptr, nullptr, {});
          if (full) return std::string(full->href());
          e = full.error();
        } else if (st == d::fast_status::parsed) {
          return std::string(u.href());
        }
        return "failure " + std::string(irikit::whatwg::error_name(e.error)) + " at " +
               std::to_string(e.offset);
      };
      const auto cb = d::fast_can_parse_b(l);
      const auto pa = d::fast_parse_a(l, ua, ea), pb = d::fast_parse_b(l, ub, eb);
      fallback += cb == d::fast_status::fallback;
      if (answer(d::fast_can_parse_a(l)) != answer(cb) || outcome(pa, ua, ea) != outcome(pb, ub, eb)) {
        std::fprintf(stderr, "%s: a and b differ on: %s\n", argv[f], l.c_str());
        same = false;
        break;
      }
    }
    if (!same) continue;
    const char* names[] = {"can_parse", "parse + href"};
    std::printf("%s: %zu lines (%zu fall back to the full parser in b's can_parse)\n", argv[f], lines.size(),
                fallback);
    for (int op = 0; op < 2; ++op) {
      std::vector<double> a, b, ratio;
      for (int r = 0; r < rounds; ++r) {
        // a, b in even rounds, b, a in odd ones.
        double ta = 0, tb = 0;
        for (int k = 0; k < 2; ++k) {
          const bool side_a = (k == 0) == (r % 2 == 0);
          const double t = op == 0 ? time_can(side_a ? d::fast_can_parse_a : d::fast_can_parse_b, lines)
                                   : time_parse(side_a ? d::fast_parse_a : d::fast_parse_b, lines);
          (side_a ? ta : tb) = t;
        }
        a.push_back(ta / static_cast<double>(lines.size()));
        b.push_back(tb / static_cast<double>(lines.size()));
        ratio.push_back(tb / ta);
      }
      std::printf("  %-13s a %7.2f ns per URL   b %7.2f   b / a %.3f (median of %d rounds' ratios)\n",
                  names[op], median(a), median(b), median(ratio), rounds);
    }
  }
  return same ? 0 : 1;
}
