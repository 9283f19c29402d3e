// SPDX-License-Identifier: MIT OR Apache-2.0
// max_rss OUT_FILE PROGRAM [ARG...] — runs PROGRAM with its arguments (stdin, stdout and stderr
// inherited), then writes its peak resident set size in KiB (getrusage ru_maxrss of the child)
// to OUT_FILE and exits with the program's exit status (128 + N when killed by signal N). The
// memory tests of the `iri` tool use it (run_parallel.sh): GNU time is not on every machine.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: max_rss OUT_FILE PROGRAM [ARG...]\n");
    return 2;
  }
  const pid_t child = fork();
  if (child < 0) {
    std::perror("max_rss: fork");
    return 2;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    std::fprintf(stderr, "max_rss: %s: %s\n", argv[2], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  while (wait4(child, &status, 0, &usage) < 0) {
    if (errno != EINTR) {
      std::perror("max_rss: wait4");
      return 2;
    }
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (out == nullptr || std::fprintf(out, "%ld\n", usage.ru_maxrss) < 0 || std::fclose(out) != 0) {
    std::perror("max_rss: writing the result");
    return 2;
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
