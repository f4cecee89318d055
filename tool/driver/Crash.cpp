#include "driver/Crash.h"

#include <csignal>
#include <cstring>
#include <pthread.h>
#include <unistd.h>

namespace adgen {
namespace {

constexpr size_t kStackBytes = size_t(512) << 20; // reserved, not touched
constexpr size_t kAltStackBytes = 256 << 10;      // where the handler runs
char gInput[1024];

void say(const char *s) {
  ssize_t r = ::write(2, s, std::strlen(s));
  (void)r;
}

const char *signalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGILL:
    return "SIGILL";
  case SIGFPE:
    return "SIGFPE";
  default:
    return "SIGABRT";
  }
}

/// Async-signal-safe: write(2) and _exit only.
void onFatalSignal(int sig) {
  say("adgen: internal error: crashed (");
  say(signalName(sig));
  say(") while processing '");
  say(gInput);
  say("'; no output was written\nhint: please report this with the input "
      "file; until it is fixed, simplifying the construct the file was "
      "being read at may avoid it\n");
  _exit(1);
}

/// Signal stacks are per thread: each thread that may overflow needs one.
void installHandlers() {
  static thread_local char *alt = new char[kAltStackBytes];
  stack_t ss{};
  ss.ss_sp = alt;
  ss.ss_size = kAltStackBytes;
  sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_handler = onFatalSignal;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT})
    sigaction(sig, &sa, nullptr);
}

struct Job {
  const std::function<int()> *fn;
  int rc = 1;
};

void *runJob(void *p) {
  installHandlers();
  Job *job = static_cast<Job *>(p);
  job->rc = (*job->fn)();
  return nullptr;
}

} // namespace

int runGuarded(const std::string &input, const std::function<int()> &fn) {
  std::strncpy(gInput, input.c_str(), sizeof gInput - 1);
  installHandlers();
  Job job{&fn};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_t t;
  bool started = pthread_attr_setstacksize(&attr, kStackBytes) == 0 &&
                 pthread_create(&t, &attr, runJob, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) // no big stack to be had: run here, still guarded
    return fn();
  pthread_join(t, nullptr);
  return job.rc;
}

} // namespace adgen
