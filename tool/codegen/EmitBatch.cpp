#include "codegen/EmitBatch.h"

#include "ir/Naming.h"

#include <adgen_templates/Templates.h>
#include <fmt/format.h>

#include <cctype>

namespace adgen {
namespace {

/// One parameter of a batched launcher, and how a sample sees it.
struct Arg {
  enum Kind {
    Sample,       // per-sample array or scalar: batch × extent elements
    Shared,       // the same for every sample
    SharedAdjoint // adjoint of a shared parameter: summed over the batch
  } kind = Shared;
  std::string name, elem;
  bool pointer = false;  // a pointer in f's own call
  bool isConst = false;
  std::string extent;    // elements per sample (Sample) or in all
};

struct Variant {
  const Function *host = nullptr;   // called per sample on the CPU
  const Function *device = nullptr; // called per thread on the GPU
  std::vector<Arg> args;
  const Var *seed = nullptr; // f_bar, the last parameter, shared
  bool arena = false;        // the device function takes stride and arena
};

/// Classifies g's parameters: the first `np` are f's own, then one per
/// active parameter of f (its tangent or adjoint), then the seed or f_dot.
Variant classify(const BatchSpec &spec, const Function *g,
                 const std::vector<bool> &active, bool adjoint) {
  Variant v;
  v.host = g;
  const Function &f = *spec.primal;
  size_t np = f.params.size(), k = np;
  auto add = [&](const Param &p, size_t primal, bool derived) {
    Arg a;
    a.name = p.name();
    a.elem = typeName(p.var ? p.var->type : p.arr->elemType);
    a.pointer = p.arr != nullptr;
    a.isConst = p.arr && p.arr->isConst;
    bool sample = spec.perSample[primal];
    const Param &fp = f.params[primal];
    a.extent = fp.arr ? spec.extent[primal] : "1";
    a.kind = sample ? Arg::Sample
                    : derived && adjoint ? Arg::SharedAdjoint : Arg::Shared;
    v.args.push_back(a);
  };
  for (size_t i = 0; i < np; ++i)
    add(g->params[i], i, false);
  for (size_t i = 0; i < np; ++i)
    if (active[i] && k < g->params.size())
      add(g->params[k++], i, true);
  for (; k < g->params.size(); ++k) {
    const Param &p = g->params[k];
    if (p.var && adjoint) {
      v.seed = p.var;
    } else if (p.arr) { // f_dot: one per sample
      Arg a;
      a.kind = Arg::Sample;
      a.name = p.arr->name;
      a.elem = typeName(p.arr->elemType);
      a.pointer = true;
      a.extent = "1";
      v.args.push_back(a);
    }
  }
  return v;
}

/// The launcher's parameter: per-sample scalars become arrays of them.
std::string batchedType(const Arg &a) {
  if (a.kind == Arg::Shared && !a.pointer)
    return a.elem + " " + a.name;
  bool isConst = a.isConst || (a.kind == Arg::Sample && !a.pointer);
  return std::string(isConst ? "const " : "") + a.elem + " *" + a.name;
}

/// How sample s (thread t) passes the argument to f's variant.
std::string callArg(const Arg &a, bool onDevice) {
  switch (a.kind) {
  case Arg::Sample:
    if (!a.pointer)
      return a.name + "[s]";
    return a.extent == "1" ? a.name + " + s"
                           : a.name + " + s * " + paren(a.extent);
  case Arg::SharedAdjoint:
    return onDevice ? a.name + " + t" : a.name;
  default:
    return a.name;
  }
}

/// Elements of the batched array, for copies.
std::string elements(const Arg &a) {
  if (a.kind == Arg::Sample)
    return a.extent == "1" ? "batch" : "batch * " + paren(a.extent);
  return a.extent;
}

bool isOutput(const Arg &a) {
  return a.kind == Arg::SharedAdjoint ||
         (a.kind == Arg::Sample && a.pointer && !a.isConst);
}

/// One variant's kernel, device launcher and host launcher: the pieces the
/// batch_kernel template takes, built by the methods below in turn.
struct Renderer {
  const Variant &v;
  const std::string &name, &what, &ret;
  long long tapeBytes;
  bool hasValue = ret != "void";
  std::string seedText =
      v.seed ? std::string(typeName(v.seed->type)) + " " + v.seed->name : "";
  std::string kparams, dparams, hparams, dargs, upload, download, hbody, kbody,
      dbody;
  std::string kargs; // the device launcher's arguments to the kernel

  Renderer(const Variant &v, const std::string &name, const std::string &what,
           const std::string &ret, long long tapeBytes)
      : v(v), name(name), what(what), ret(ret), tapeBytes(tapeBytes) {}

  /// The kernel's, device launcher's and host launcher's parameter lists.
  void params() {
    for (const Arg &a : v.args) {
      bool adj = a.kind == Arg::SharedAdjoint;
      std::string t = batchedType(a);
      kparams += ", " + (adj ? a.elem + " *" + a.name : t);
      dparams += ", " + t;
      hparams += ", " + t;
    }
    if (hasValue) {
      kparams += ", " + ret + " *values";
      dparams += ", " + ret + " *values";
      hparams += ", " + ret + " *values = nullptr";
    }
    if (v.seed) {
      kparams += ", " + seedText;
      std::string one = literal(*v.seed->defaultValue, v.seed->type);
      dparams += ", " + seedText + " = " + one;
      hparams += ", " + seedText + " = " + one;
    }
    if (v.arena)
      kparams += ", adgen::batch::Slices slices";
    dparams += ", const adgen::batch::Options &opts = {}";
    hparams += ", [[maybe_unused]] const adgen::batch::Options &opts = {}";
  }

  /// The per-sample call, on the host or in the kernel.
  std::string call(bool onDevice) const {
    const Function *fn = onDevice ? v.device : v.host;
    std::string c = fn->name + "(";
    bool first = true;
    for (const Arg &a : v.args) {
      c += (first ? "" : ", ") + callArg(a, onDevice);
      first = false;
    }
    if (onDevice && v.arena)
      c += std::string(first ? "" : ", ") + "count, &arena";
    if (v.seed)
      c += ", " + v.seed->name;
    return c + ")";
  }

  /// The call as a statement, keeping its value where there is one.
  std::string store(bool onDevice) const {
    std::string c = call(onDevice);
    return hasValue ? "    const " + ret + " value = " + c +
                          ";\n    if (values)\n      values[s] = value;\n"
                    : "    " + c + ";\n";
  }

  /// The host loop's and the kernel's bodies.
  void bodies() {
    hbody = store(false);
    if (v.arena)
      kbody = "  adgen::Arena arena = slices.slice(t);\n";
    kbody += store(true); // (the emitted file is clang-formatted)
    if (v.arena)
      kbody += "  slices.done(arena);\n";
  }

  /// The device launcher's body: chunks, shared adjoints' columns, arena
  /// slices.
  void deviceBody() {
    std::string columns, zero, reduce;
    for (const Arg &a : v.args) {
      if (a.kind == Arg::SharedAdjoint) {
        columns += "  adgen::batch::DeviceBuffer<" + a.elem + "> " + a.name +
                   "_columns;\n  if (!" + a.name +
                   "_columns.allocate(rep, rep.chunk * " + paren(a.extent) +
                   "))\n    return rep;\n";
        zero +=
            "    if (!" + a.name + "_columns.zero(rep))\n      return rep;\n";
        reduce += "    if (!adgen::batch::reduce(rep, " + a.name +
                  "_columns.get(), count, " + a.extent + ", " + a.name +
                  ", opts.threadsPerBlock))\n      return rep;\n";
        kargs += ", " + a.name + "_columns.get()";
      } else {
        kargs += ", " + a.name;
      }
    }
    if (hasValue)
      kargs += ", values";
    if (v.seed)
      kargs += ", " + v.seed->name;
    if (v.arena)
      arenaSetup(columns);
    else
      dbody += "  rep.chunk = batch < 1 ? 1 : batch;\n";
    dbody += "  for (long long first = 0; first < batch; first += rep.chunk) {\n"
             "    const long long count = batch - first < rep.chunk ? batch - first : rep.chunk;\n";
    dbody += zero;
    dbody += "    " + name + "_kernel<<<adgen::batch::blocksFor(count, "
             "opts.threadsPerBlock), opts.threadsPerBlock>>>(first, count" +
             kargs + ");\n    if (!adgen::batch::check(rep, cudaGetLastError()))\n"
             "      return rep;\n";
    dbody += reduce;
    dbody += "    ++rep.chunks;\n  }\n";
    if (v.arena)
      dbody += "  if (!overflows.download(rep, &rep.overflows))\n    return rep;\n";
  }

  /// With an arena: the chunk size from the tape estimate and the columns,
  /// the columns, the arena and its overflow counter.
  void arenaSetup(const std::string &columns) {
    std::string columnBytes;
    for (const Arg &a : v.args)
      if (a.kind == Arg::SharedAdjoint)
        columnBytes += (columnBytes.empty() ? "" : " + ") +
                       std::string("sizeof(") + a.elem + ") * " +
                       paren(a.extent);
    std::string estimate =
        tapeBytes >= 0 ? std::to_string(2 * tapeBytes + 4096) : "262144";
    dbody += "  // Tapes and snapshots of one sample: " +
             (tapeBytes >= 0
                  ? std::to_string(tapeBytes) +
                        " bytes by adgen's count; room for twice that"
                  : std::string("not known to adgen; 256 KiB")) +
             ".\n";
    dbody += "  rep.arenaBytesPerSample = adgen::batch::arenaBytes(opts, " +
             estimate + ");\n";
    dbody += "  rep.chunk = adgen::batch::chunkSize(batch, "
             "rep.arenaBytesPerSample" +
             (columnBytes.empty() ? "" : " + " + columnBytes) + ", opts);\n";
    dbody += columns;
    dbody += "  adgen::batch::DeviceBuffer<unsigned char> arena;\n"
             "  adgen::batch::DeviceBuffer<unsigned long long> overflows;\n"
             "  if (!arena.allocate(rep, rep.chunk * rep.arenaBytesPerSample) "
             "||\n      !overflows.allocate(rep, 1) || !overflows.zero(rep))\n"
             "    return rep;\n";
    kargs += ", {arena.get(), rep.arenaBytesPerSample, overflows.get()}";
  }

  /// The host launcher: copies in, the device launcher's arguments, copies
  /// out.
  void hostCopies() {
    for (const Arg &a : v.args) {
      if (!a.pointer && a.kind == Arg::Shared)
        continue;
      upload += "    adgen::batch::DeviceBuffer<" + a.elem + "> d_" + a.name +
                ";\n    if (!d_" + a.name + ".upload(rep, " + a.name + ", " +
                elements(a) + "))\n      return rep;\n";
      if (isOutput(a))
        download += "    if (!d_" + a.name + ".download(rep, " + a.name +
                    "))\n      return rep;\n";
    }
    // In parameter order, shared scalars by value.
    for (const Arg &a : v.args)
      dargs += (!a.pointer && a.kind == Arg::Shared)
                   ? ", " + a.name
                   : ", d_" + a.name + ".get()";
    if (hasValue) {
      upload += "    adgen::batch::DeviceBuffer<" + ret +
                "> d_values;\n    if (!d_values.upload(rep, values, batch))\n"
                "      return rep;\n";
      dargs += ", values ? d_values.get() : nullptr";
      download += "    if (!d_values.download(rep, values))\n      return rep;\n";
    }
    if (v.seed)
      dargs += ", " + v.seed->name;
    dargs += ", opts";
  }

  /// The declarations (for --header) and the definitions from the pieces.
  BatchCode code() const {
    std::string adjoints =
        v.arena ? "\n/// Adjoints accumulate; those of shared parameters are "
                  "summed over the\n/// batch (see adgen/batch.h)."
                : "";
    BatchCode out;
    std::string declared = hparams;
    const std::string unused = "[[maybe_unused]] ";
    for (size_t at; (at = declared.find(unused)) != std::string::npos;)
      declared.erase(at, unused.size());
    out.declarations = "\n/// " + what + " (see adgen/batch.h).\nadgen::batch::Report " +
                        name + "(long long batch" + declared + ");\n#if defined(__CUDACC__)\n" +
                        "adgen::batch::Report " + name + "_device(long long batch" +
                        dparams + ");\n#endif\n";
    out.definitions = fmt::format(
        fmt::runtime(templates::batch_kernel), fmt::arg("what", what),
        fmt::arg("kernel", name + "_kernel"), fmt::arg("kparams", kparams),
        fmt::arg("kbody", kbody), fmt::arg("name", name),
        fmt::arg("dparams", dparams), fmt::arg("dbody", dbody),
        fmt::arg("hparams", hparams), fmt::arg("upload", upload),
        fmt::arg("dargs", dargs), fmt::arg("download", download),
        fmt::arg("hbody", hbody), fmt::arg("adjoints", adjoints));
    return out;
  }
};

/// The batched kernel and launchers of one variant.
BatchCode render(const Variant &v, const std::string &name,
                 const std::string &what, const std::string &ret,
                 long long tapeBytes) {
  Renderer r(v, name, what, ret, tapeBytes);
  r.params();
  r.bodies();
  r.deviceBody();
  r.hostCopies();
  return r.code();
}

} // namespace

std::string paren(const std::string &e) {
  bool simple = true;
  for (char c : e)
    simple = simple && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  return simple ? e : "(" + e + ")";
}

BatchCode emitBatch(const BatchSpec &spec) {
  const Function &f = *spec.primal;
  const std::string &base = spec.name;
  std::string ret = typeName(f.retType);
  BatchCode out;
  auto add = [&](const BatchCode &c) {
    out.definitions += c.definitions;
    out.declarations += c.declarations;
  };
  {
    std::vector<bool> none(f.params.size(), false);
    Variant v = classify(spec, &f, none, false);
    v.device = &f;
    add(render(v, base + "_batch", base + " over a minibatch (values)", ret,
               -1));
  }
  if (spec.grad) {
    Variant v = classify(spec, spec.grad, spec.gradActive, true);
    v.device = spec.strided;
    v.arena = true;
    add(render(v, base + "_grad_batch", base + "_grad over a minibatch", ret,
               spec.tapeBytes));
  }
  if (spec.jvp) {
    Variant v = classify(spec, spec.jvp, spec.jvpActive, false);
    v.device = spec.jvp;
    add(render(v, base + "_jvp_batch", base + "_jvp over a minibatch", ret,
               -1));
  }
  if (!f.nameSpace.empty())
    for (std::string *t : {&out.definitions, &out.declarations})
      *t = "\nnamespace " + f.nameSpace + " {\n" + *t + "\n} // namespace " +
           f.nameSpace + "\n";
  return out;
}

} // namespace adgen
