//===- Native.cpp - libffi calls to host functions ------------------------===//
#include "exec/Native.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Type.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <ffi.h>
#include <fmt/format.h>
#include <mutex>
#include <set>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

namespace theseus {

namespace {

/// The libraries given to loadLibrary, as the dynamic loader names them:
/// like the loader's own list, one for the process.
struct LoadedLibraries {
  std::mutex Lock;
  std::set<std::string> Paths;
};

LoadedLibraries &loadedLibraries() {
  static LoadedLibraries Libraries;
  return Libraries;
}

} // namespace

void NativeCaller::loadLibrary(const std::string &Path) {
  if (!dlopen(Path.c_str(), RTLD_NOW | RTLD_GLOBAL))
    throw std::runtime_error(
        fmt::format("cannot load {}: {}", Path, dlerror()));
  LoadedLibraries &L = loadedLibraries();
  std::lock_guard<std::mutex> Guard(L.Lock);
  L.Paths.insert(Path);
}

void *NativeCaller::lookup(const std::string &Name) {
  return dlsym(RTLD_DEFAULT, Name.c_str());
}

bool NativeCaller::isFromLoadedLibrary(const std::string &Name) {
  Dl_info Info;
  void *Addr = lookup(Name);
  if (!Addr || !dladdr(Addr, &Info) || !Info.dli_fname)
    return false;
  LoadedLibraries &L = loadedLibraries();
  std::lock_guard<std::mutex> Guard(L.Lock);
  return L.Paths.count(Info.dli_fname);
}

namespace {

/// The file native output is captured in, and Theseus' own fd 1; opened
/// once per process, as fd 1 is the process's. Both are -1 when capturing
/// is impossible (fd 1 closed), and then output goes where it would anyway.
/// One capture at a time holds `Lock`.
struct CaptureFiles {
  int File = memfd_create("theseus-stdout", MFD_CLOEXEC);
  int Own = fcntl(1, F_DUPFD_CLOEXEC, 3);
  std::mutex Lock;
  bool usable() const { return File >= 0 && Own >= 0; }
};

CaptureFiles &captureFiles() {
  static CaptureFiles Files;
  return Files;
}

} // namespace

StdoutCapture::StdoutCapture(std::string &Into) : Into(Into) {
  CaptureFiles &F = captureFiles();
  if (!F.usable())
    return;
  Held = std::unique_lock<std::mutex>(F.Lock);
  std::fflush(stdout); // Earlier output belongs to whoever wrote it.
  Active = dup2(F.File, 1) >= 0;
}

StdoutCapture::~StdoutCapture() {
  if (!Active)
    return;
  CaptureFiles &F = captureFiles();
  std::fflush(stdout);
  dup2(F.Own, 1);
  // fd 1 shared the file's offset: it is the number of bytes written.
  // Rewinding is enough to reuse the file; stale bytes past the next
  // capture's offset are never read.
  off_t Size = lseek(F.File, 0, SEEK_CUR);
  if (Size <= 0)
    return;
  lseek(F.File, 0, SEEK_SET);
  size_t Old = Into.size();
  Into.resize(Old + static_cast<size_t>(Size));
  ssize_t Read = pread(F.File, Into.data() + Old, static_cast<size_t>(Size), 0);
  Into.resize(Old + static_cast<size_t>(std::max<ssize_t>(Read, 0)));
}

namespace {

/// The libffi type for an IR type, or null when it cannot be passed.
/// Integers narrower than 32 bits travel as 32-bit values extended the way
/// the callee expects, which is how the x86-64 ABI passes them.
ffi_type *ffiTypeFor(llvm::Type *T, bool Signed) {
  if (T->isVoidTy())
    return &ffi_type_void;
  if (T->isPointerTy())
    return &ffi_type_pointer;
  if (T->isFloatTy())
    return &ffi_type_float;
  if (T->isDoubleTy())
    return &ffi_type_double;
  if (T->isIntegerTy()) {
    unsigned W = T->getIntegerBitWidth();
    if (W <= 32)
      return Signed ? &ffi_type_sint32 : &ffi_type_uint32;
    if (W <= 64)
      return &ffi_type_uint64;
  }
  return nullptr;
}

} // namespace

bool NativeCaller::call(void *Fn, llvm::Type *RetTy,
                        const std::vector<NativeArg> &Args, unsigned FixedArgs,
                        uint64_t &Ret, std::string &Error) {
  std::vector<ffi_type *> Types;
  std::vector<uint64_t> Storage(Args.size());
  std::vector<void *> Values;
  for (size_t I = 0; I < Args.size(); ++I) {
    const NativeArg &A = Args[I];
    ffi_type *T = ffiTypeFor(A.Ty, A.SignExtend);
    if (!T) {
      Error = "an argument type that cannot be passed natively";
      return false;
    }
    uint64_t Bits = A.Bits;
    if (A.Ty->isIntegerTy() && A.Ty->getIntegerBitWidth() < 32) {
      unsigned W = A.Ty->getIntegerBitWidth();
      uint64_t Mask = (uint64_t(1) << W) - 1;
      Bits &= Mask;
      if (A.SignExtend && (Bits >> (W - 1)) & 1)
        Bits |= ~Mask;
    }
    Storage[I] = Bits;
    Types.push_back(T);
  }
  for (auto &S : Storage)
    Values.push_back(&S);
  ffi_type *RT = ffiTypeFor(RetTy, true);
  if (!RT) {
    Error = "a return type that cannot be passed natively";
    return false;
  }
  ffi_cif Cif;
  ffi_status St =
      FixedArgs < Args.size()
          ? ffi_prep_cif_var(&Cif, FFI_DEFAULT_ABI, FixedArgs,
                             static_cast<unsigned>(Args.size()), RT,
                             Types.data())
          : ffi_prep_cif(&Cif, FFI_DEFAULT_ABI,
                         static_cast<unsigned>(Args.size()), RT, Types.data());
  if (St != FFI_OK) {
    Error = "libffi could not prepare the call";
    return false;
  }
  alignas(16) unsigned char RetBuf[16] = {};
  ffi_call(&Cif, FFI_FN(Fn), RetBuf, Values.data());
  Ret = 0;
  if (RetTy->isFloatTy()) {
    std::memcpy(&Ret, RetBuf, 4);
  } else if (!RetTy->isVoidTy()) {
    std::memcpy(&Ret, RetBuf, 8);
  }
  return true;
}

namespace {

/// <math.h>: numbers in, numbers out, in either data model.
constexpr std::string_view MathFunctions[] = {
    "sin",       "cos",       "tan",           "asin",         "acos",
    "atan",      "atan2",     "sinh",          "cosh",         "tanh",
    "asinh",     "acosh",     "atanh",         "exp",          "exp2",
    "expm1",     "log",       "log2",          "log10",        "log1p",
    "logb",      "pow",       "sqrt",          "cbrt",         "hypot",
    "fabs",      "floor",     "ceil",          "round",        "lround",
    "llround",   "trunc",     "rint",          "lrint",        "nearbyint",
    "fmod",      "remainder", "fmin",          "fmax",         "fdim",
    "fma",       "ldexp",     "frexp",         "modf",         "scalbn",
    "copysign",  "nextafter", "erf",           "erfc",         "tgamma",
    "lgamma",    "sinf",      "cosf",          "tanf",         "atanf",
    "atan2f",    "expf",      "logf",          "log2f",        "log10f",
    "powf",      "sqrtf",     "fabsf",         "floorf",       "ceilf",
    "roundf",    "truncf",    "fmodf",         "fminf",        "fmaxf",
    "ldexpf",    "frexpf",    "modff",         "hypotf",       "cbrtf",
    "__isnan",   "__isinf",   "__finite",      "__fpclassify", "__signbit",
    "copysignf", "rintf",     "nearbyintf",    "isnan",        "isnanf",
    "__isnanf",  "isinf",     "isinff",        "__isinff",     "finite",
    "finitef",   "__finitef", "__fpclassifyf", "__signbitf",
};

/// `Names` and the <math.h> functions.
std::unordered_set<std::string_view>
withMath(std::initializer_list<std::string_view> Names) {
  std::unordered_set<std::string_view> Out(Names);
  Out.insert(std::begin(MathFunctions), std::end(MathFunctions));
  return Out;
}

/// The list behind isHarmlessHostFunction. Functions the libc models
/// define (runtime/libc) never get here; they are listed when a program
/// may still call the host's version (e.g. bitcode linked without them).
const std::unordered_set<std::string_view> &harmlessFunctions() {
  static const std::unordered_set<std::string_view> Names = withMath(
      {// <string.h>, <strings.h>
       "memchr", "memrchr", "memcmp", "memcpy", "memmove", "memset", "memmem",
       "strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp",
       "strcoll", "strcpy", "strncpy", "stpcpy", "stpncpy", "strcat", "strncat",
       "strchr", "strrchr", "strstr", "strcasestr", "strspn", "strcspn",
       "strpbrk", "strtok", "strtok_r", "strerror", "strerror_r", "strsignal",
       "bzero", "bcmp",
       // <ctype.h>
       "isalpha", "isdigit", "isalnum", "islower", "isupper", "isxdigit",
       "isspace", "isblank", "iscntrl", "isgraph", "isprint", "ispunct",
       "isascii", "toascii", "tolower", "toupper", "__ctype_b_loc",
       "__ctype_tolower_loc", "__ctype_toupper_loc",
       // <stdlib.h> conversions and arithmetic
       "atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll",
       "strtoull", "strtod", "strtof", "strtold", "strtoimax", "strtoumax",
       "abs", "labs", "llabs", "div", "ldiv", "lldiv", "rand", "srand",
       "random", "srandom", "rand_r", "getenv", "secure_getenv",
       // Formatting into buffers, parsing from them.
       "sprintf", "snprintf", "vsprintf", "vsnprintf", "sscanf",
       "__isoc99_sscanf", "__isoc23_sscanf", "__isoc23_strtol",
       "__isoc23_strtoul", "__isoc23_strtoll", "__isoc23_strtoull",
       // Reading stdin (other files: see the fopen/open checks).
       "getchar", "scanf", "__isoc99_scanf", "__isoc23_scanf",
       // Output to the captured stdout, or to stderr.
       "printf", "fprintf", "vprintf", "vfprintf", "puts", "fputs", "putchar",
       "fputc", "putc", "fflush", "perror", "fwrite",
       // Time, identity.
       "time", "clock", "difftime", "gettimeofday", "clock_gettime",
       "localtime", "localtime_r", "gmtime", "gmtime_r", "mktime", "strftime",
       "asctime", "ctime", "getpid", "getppid", "getuid", "geteuid", "getgid",
       "getegid", "isatty", "sysconf", "getpagesize"});
  return Names;
}

} // namespace

bool isHarmlessHostFunction(std::string_view Name) {
  return harmlessFunctions().count(Name) != 0;
}

bool isMathFunction(std::string_view Name) {
  return std::find(std::begin(MathFunctions), std::end(MathFunctions), Name) !=
         std::end(MathFunctions);
}

bool isNativeSafeForILP32(std::string_view Name) {
  static const std::unordered_set<std::string_view> Names = withMath(
      {// <string.h>, <strings.h>: bytes, and pointers into them (not the
       // comparisons bcmp and strcoll, whose results differ on i386).
       "memchr", "memrchr", "memcmp", "memcpy", "memmove", "memset", "memmem",
       "strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp",
       "strcpy", "strncpy", "stpcpy", "stpncpy", "strcat", "strncat", "strchr",
       "strrchr", "strstr", "strcasestr", "strspn", "strcspn", "strpbrk",
       "strtok", "bzero",
       // <ctype.h> on int (not the table accessors, which return host
       // pointers).
       "isalpha", "isdigit", "isalnum", "islower", "isupper", "isxdigit",
       "isspace", "isblank", "iscntrl", "isgraph", "isprint", "ispunct",
       "isascii", "toascii", "tolower", "toupper",
       // <stdlib.h> without pointers to pointers or struct results.
       "atoi", "atof", "abs", "labs", "llabs", "rand", "srand", "random",
       "srandom", "rand_r",
       // Formatting, with the format translated (formatArgumentOf).
       "printf", "sprintf", "snprintf", "sscanf", "__isoc99_sscanf",
       "__isoc23_sscanf",
       // Output, to the standard streams only (streamArgumentOf).
       "puts", "putchar", "perror", "fprintf", "fputs", "fputc", "putc",
       "fflush", "fwrite",
       // Identity and the clock, as integers.
       "clock", "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid",
       "isatty", "sysconf", "getpagesize"});
  return Names.count(Name) != 0;
}

std::optional<unsigned> streamArgumentOf(std::string_view Name) {
  if (Name == "fprintf" || Name == "fflush")
    return 0;
  if (Name == "fputs" || Name == "fputc" || Name == "putc")
    return 1;
  if (Name == "fwrite")
    return 3;
  return std::nullopt;
}

std::optional<unsigned> formatArgumentOf(std::string_view Name) {
  if (Name == "printf")
    return 0;
  if (Name == "fprintf" || Name == "sprintf" || Name == "sscanf" ||
      Name == "__isoc99_sscanf" || Name == "__isoc23_sscanf")
    return 1;
  if (Name == "snprintf")
    return 2;
  return std::nullopt;
}

bool narrowFormatForILP32(std::string &Format, bool Scan, std::string &Error) {
  std::string Out;
  for (size_t K = 0; K < Format.size();) {
    char C = Format[K++];
    Out += C;
    if (C != '%')
      continue;
    // Flags, field width, precision, positions and scanf's assignment
    // suppression, kept as they are.
    while (K < Format.size() &&
           std::strchr("0123456789.*$#+- '", Format[K]) != nullptr)
      Out += Format[K++];
    size_t Length = K;
    while (K < Format.size() && std::strchr("hlLqjzt", Format[K]) != nullptr)
      ++K;
    std::string Modifier = Format.substr(Length, K - Length);
    char Conv = K < Format.size() ? Format[K] : '\0';
    bool Integer = Conv != '\0' && std::strchr("diouxXn", Conv) != nullptr;
    if (Scan && (Conv == 'p' || Conv == 'm')) {
      Error = fmt::format("the conversion %{}{} (it stores a pointer)",
                          Modifier, Conv);
      return false;
    }
    if (!(Integer && (Modifier == "l" || Modifier == "z" || Modifier == "t")))
      Out += Modifier;
    if (Conv != '\0')
      Out += Format[K++];
  }
  Format = std::move(Out);
  return true;
}

const char *hostEffectOf(std::string_view Name) {
  static const char *const Files = "changes the file system";
  static const char *const Processes = "runs or signals processes";
  static const char *const Network = "opens network connections";
  static const std::unordered_map<std::string_view, const char *> Effects = {
      {"unlink", Files},      {"unlinkat", Files},   {"remove", Files},
      {"rename", Files},      {"renameat", Files},   {"mkdir", Files},
      {"mkdirat", Files},     {"rmdir", Files},      {"chdir", Files},
      {"fchdir", Files},      {"chmod", Files},      {"fchmod", Files},
      {"chown", Files},       {"truncate", Files},   {"ftruncate", Files},
      {"link", Files},        {"symlink", Files},    {"creat", Files},
      {"write", Files},       {"pwrite", Files},     {"tmpfile", Files},
      {"mkstemp", Files},     {"freopen", Files},    {"utime", Files},
      {"system", Processes},  {"popen", Processes},  {"execl", Processes},
      {"execlp", Processes},  {"execle", Processes}, {"execv", Processes},
      {"execvp", Processes},  {"execve", Processes}, {"posix_spawn", Processes},
      {"kill", Processes},    {"killpg", Processes}, {"wait", Processes},
      {"waitpid", Processes}, {"socket", Network},   {"connect", Network},
      {"bind", Network},      {"listen", Network},   {"accept", Network},
      {"send", Network},      {"sendto", Network},   {"getaddrinfo", Network}};
  auto It = Effects.find(Name);
  return It == Effects.end() ? nullptr : It->second;
}

namespace {

/// Host files belong to the process, so does their list.
struct OpenHostFiles {
  std::mutex Lock;
  std::set<uint64_t> Handles;
};

OpenHostFiles &openHostFiles() {
  static OpenHostFiles Files;
  return Files;
}

} // namespace

void HostFiles::opened(uint64_t Handle) {
  OpenHostFiles &F = openHostFiles();
  std::lock_guard<std::mutex> Guard(F.Lock);
  F.Handles.insert(Handle);
}

void HostFiles::closed(uint64_t Handle) {
  OpenHostFiles &F = openHostFiles();
  std::lock_guard<std::mutex> Guard(F.Lock);
  F.Handles.erase(Handle);
}

bool HostFiles::isOpen(uint64_t Handle) {
  OpenHostFiles &F = openHostFiles();
  std::lock_guard<std::mutex> Guard(F.Lock);
  return F.Handles.count(Handle) != 0;
}

} // namespace theseus
