//! Lowering of representative shaders through `fresnel::lower_to_ir`: every result must
//! validate, and the IR must have the structure the conventions promise (variables, modes,
//! layouts, calls, control flow).

use fresnel::ir::{
    BaseType, Constant, InstrKind, Intrinsic, JumpKind, ParamDir, Shader, Type, VarMode,
};
use fresnel::{NoIncludes, Options, SourceInput};

fn lower_with(name: &str, src: &str, opts: &Options) -> Shader {
    let run = fresnel::lower_to_ir(SourceInput::new(name, src), opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let ir = run.ir.expect("lowered");
    if let Err(errs) = fresnel::ir::validate(&ir) {
        let mut out = String::new();
        fresnel::ir::Printer::new(&ir).shader(&mut out);
        panic!(
            "invalid IR:\n{}\n{out}",
            errs.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    ir
}

fn lower(name: &str, src: &str) -> Shader {
    lower_with(name, src, &Options::default())
}

/// Lowers without SSA construction (locals stay in memory), and validates.
fn lower_no_ssa(name: &str, src: &str) -> Shader {
    let run = fresnel::check(
        SourceInput::new(name, src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(!run.has_errors());
    let module = run.hir.as_ref().expect("checked");
    let opts = fresnel::lower::LowerOptions {
        vulkan: false,
        no_ssa: true,
    };
    let s = fresnel::lower::lower(module, &run.interner, &opts).expect("lowered");
    fresnel::ir::validate(&s).expect("valid");
    s
}

/// The lowering error of a shader the front end accepts.
fn lower_error(name: &str, src: &str) -> String {
    let run = fresnel::lower_to_ir(
        SourceInput::new(name, src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(run.ir.is_none());
    let d = run
        .diagnostics
        .as_slice()
        .iter()
        .find(|d| d.code == "E-lower")
        .unwrap_or_else(|| {
            panic!(
                "expected a lowering error:\n{}",
                run.render_diagnostics(fresnel::ErrorFormat::Human, false)
            )
        });
    d.message.clone()
}

fn var<'a>(s: &'a Shader, name: &str) -> &'a fresnel::ir::Variable {
    s.vars
        .values()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

fn count_instrs(s: &Shader, pred: impl Fn(&InstrKind) -> bool) -> usize {
    s.functions
        .values()
        .map(|f| {
            f.instrs_in_order()
                .iter()
                .filter(|i| pred(&f.instrs[**i].kind))
                .count()
        })
        .sum()
}

fn count_intrinsic(s: &Shader, op: Intrinsic) -> usize {
    count_instrs(s, |k| matches!(k, InstrKind::Intrinsic(i) if i.op == op))
}

fn count_loops(s: &Shader) -> usize {
    s.functions.values().map(|f| f.loops.len()).sum()
}

fn count_ifs(s: &Shader) -> usize {
    s.functions.values().map(|f| f.ifs.len()).sum()
}

#[test]
fn interface_variables_have_modes_names_and_locations() {
    let s = lower(
        "a.vert",
        "#version 450\n\
         layout(location = 3) in vec4 pos;\n\
         layout(location = 1) out vec2 uv;\n\
         flat out int id;\n\
         uniform float scale = 2.0;\n\
         layout(binding = 2) uniform sampler2D tex;\n\
         void main() { uv = pos.xy * scale; id = gl_VertexID; gl_Position = pos; }\n",
    );
    let pos = var(&s, "pos");
    assert_eq!((pos.mode, pos.location), (VarMode::ShaderIn, Some(3)));
    let uv = var(&s, "uv");
    assert_eq!((uv.mode, uv.location), (VarMode::ShaderOut, Some(1)));
    assert_eq!(var(&s, "id").interp, fresnel::ir::Interp::Flat);
    let scale = var(&s, "scale");
    assert_eq!(scale.mode, VarMode::Uniform);
    assert_eq!(
        scale.init,
        Some(Constant::Vector(vec![u64::from(2.0f32.to_bits())]))
    );
    assert_eq!(var(&s, "tex").binding, Some(2));
    let glpos = var(&s, "gl_Position");
    assert!(glpos.builtin);
    assert_eq!(glpos.mode, VarMode::ShaderOut);
    let vid = var(&s, "gl_VertexID");
    assert!(vid.builtin);
    assert_eq!(vid.mode, VarMode::ShaderIn);
    // gl_PerVertex is flattened: no block variable.
    assert!(s.vars.values().all(|v| v.name != "gl_PerVertex"));
    assert_eq!(s.functions.len(), 1);
    assert_eq!(s.functions[s.entry.unwrap()].name, "main");
}

#[test]
fn uniform_and_buffer_blocks_get_explicit_layouts() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         layout(std140, binding = 1) uniform U { float a; vec3 b; float c[2]; mat2 m; } u;\n\
         layout(std430, binding = 2, set = 0) buffer S { float x[4]; vec2 y; } ;\n\
         out vec4 o;\n\
         void main() { o = vec4(u.a + u.c[1] + x[2] + u.m[1][0], u.b); y = vec2(1.0); }\n",
    );
    let u = var(&s, "U");
    assert_eq!(u.mode, VarMode::Ubo);
    assert_eq!(u.binding, Some(1));
    let Type::Struct { fields, block, .. } = s.types.get(u.ty) else {
        panic!("a block is a struct");
    };
    assert!(*block);
    let offsets: Vec<Option<u32>> = fields.iter().map(|f| f.offset).collect();
    assert_eq!(offsets, vec![Some(0), Some(16), Some(32), Some(64)]);
    assert!(matches!(
        s.types.get(fields[2].ty),
        Type::Array {
            len: 2,
            stride: 16,
            ..
        }
    ));
    assert_eq!(fields[3].matrix_stride, Some(16));
    let sb = var(&s, "S");
    assert_eq!(
        (sb.mode, sb.binding, sb.set),
        (VarMode::Ssbo, Some(2), Some(0))
    );
    let Type::Struct { fields, .. } = s.types.get(sb.ty) else {
        panic!("a block is a struct");
    };
    assert!(matches!(
        s.types.get(fields[0].ty),
        Type::Array {
            len: 4,
            stride: 4,
            ..
        }
    ));
    assert_eq!(fields[1].offset, Some(16));
}

#[test]
fn calls_copy_in_and_out_and_opaque_parameters_inline() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         uniform sampler2D t;\n\
         out vec4 o;\n\
         float twice(float x, out float y, inout int n) { y = x; n++; return 2.0 * x; }\n\
         vec4 fetch(sampler2D s, vec2 p) { if (p.x > 0.5) return texture(s, p); return vec4(0.0); }\n\
         void main() { float y; int n = 0; o = vec4(twice(1.0, y, n) + y + float(n)) + fetch(t, vec2(0.25)); }\n",
    );
    assert_eq!(s.functions.len(), 2, "`fetch` is inlined");
    let twice = s.find_function("twice").expect("twice is a function");
    let f = &s.functions[twice];
    let dirs: Vec<ParamDir> = f.params.iter().map(|p| p.dir).collect();
    assert_eq!(dirs, vec![ParamDir::In, ParamDir::Out, ParamDir::InOut]);
    assert!(f.ret.is_some());
    assert_eq!(count_instrs(&s, |k| matches!(k, InstrKind::Call { .. })), 1);
    let calls: Vec<(usize, usize)> = s.functions[s.entry.unwrap()]
        .instrs
        .values()
        .filter_map(|i| match &i.kind {
            InstrKind::Call { args, dests, .. } if !i.removed => Some((args.len(), dests.len())),
            _ => None,
        })
        .collect();
    // in x, inout n -> 2 arguments; return, out y, inout n -> 3 results.
    assert_eq!(calls, vec![(2, 3)]);
    assert_eq!(count_instrs(&s, |k| matches!(k, InstrKind::Tex(_))), 1);
}

#[test]
fn loops_continue_through_the_step_and_switch_is_a_loop() {
    let s = lower_with(
        "a.frag",
        "#version 450\n\
         uniform int k;\n\
         out vec4 o;\n\
         void main() {\n\
           float acc = 0.0;\n\
           for (int i = 0; i < 8; i++) { if (i == k) continue; acc += 1.0; }\n\
           int j = 0; while (j < 3) { j++; } do { j--; } while (j > 0);\n\
           switch (k) { case 0: acc = 1.0; case 1: acc += 2.0; break; default: acc = 3.0; }\n\
           o = vec4(acc);\n\
         }\n",
        &Options::default(),
    );
    assert_eq!(count_loops(&s), 4, "for, while, do-while, switch");
    let main = &s.functions[s.entry.unwrap()];
    let conts = main
        .instrs
        .values()
        .filter(|i| !i.removed && matches!(i.kind, InstrKind::Jump(JumpKind::Continue)))
        .count();
    assert_eq!(conts, 1);
    let breaks = main
        .instrs
        .values()
        .filter(|i| !i.removed && matches!(i.kind, InstrKind::Jump(JumpKind::Break)))
        .count();
    // for/while/do conditions, the case's break, the end of the switch.
    assert_eq!(breaks, 5);
}

#[test]
fn continue_inside_switch_reaches_the_loop() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         uniform int k;\n\
         out vec4 o;\n\
         void main() {\n\
           float acc = 0.0;\n\
           for (int i = 0; i < 4; i++) { switch (i) { case 1: continue; default: acc += 1.0; } acc *= 2.0; }\n\
           o = vec4(acc);\n\
         }\n",
    );
    let main = &s.functions[s.entry.unwrap()];
    let conts = main
        .instrs
        .values()
        .filter(|i| !i.removed && matches!(i.kind, InstrKind::Jump(JumpKind::Continue)))
        .count();
    assert_eq!(conts, 1, "the continue is re-issued after the switch");
}

#[test]
fn discard_and_demote_are_intrinsics() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         #extension GL_EXT_demote_to_helper_invocation : enable\n\
         in float v;\n\
         out vec4 o;\n\
         void main() { if (v < 0.0) discard; if (v > 2.0) demote; o = vec4(v); }\n",
    );
    assert_eq!(count_intrinsic(&s, Intrinsic::Terminate), 1);
    assert_eq!(count_intrinsic(&s, Intrinsic::Demote), 1);
}

#[test]
fn short_circuit_only_when_the_right_side_matters() {
    let pure = lower(
        "a.frag",
        "#version 450\nin float v;\nout vec4 o;\nvoid main() { o = vec4(v > 0.0 && v < 1.0); }\n",
    );
    assert_eq!(count_ifs(&pure), 0);
    let math = lower(
        "a.frag",
        "#version 450\nin float v;\nout vec4 o;\nvoid main() { o = vec4(v > 0.0 && sqrt(v) > 1.0, v > 1.0 ? log2(v) : 0.0, 0.0, 0.0); }\n",
    );
    assert_eq!(count_ifs(&math), 0, "pure built-ins need no guard");
    let effect = lower(
        "a.frag",
        "#version 450\nin float v;\nout vec4 o;\nfloat n = 0.0;\n\
         bool f() { n += 1.0; return n > 1.0; }\n\
         void main() { o = vec4(v > 0.0 && f()); o.y = n; }\n",
    );
    assert_eq!(count_ifs(&effect), 1);
}

#[test]
fn geometry_inputs_are_flattened_per_member() {
    let s = lower(
        "a.geom",
        "#version 450\n\
         layout(triangles) in;\n\
         layout(triangle_strip, max_vertices = 3) out;\n\
         in VS { vec2 uv; } vs[];\n\
         out vec2 uv;\n\
         void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; uv = vs[i].uv; EmitVertex(); } EndPrimitive(); }\n",
    );
    let ins: Vec<_> = s
        .vars
        .values()
        .filter(|v| v.name == "gl_Position" && v.mode == VarMode::ShaderIn)
        .collect();
    assert_eq!(ins.len(), 1);
    assert!(matches!(s.types.get(ins[0].ty), Type::Array { len: 3, .. }));
    assert!(s
        .vars
        .values()
        .any(|v| v.name == "gl_Position" && v.mode == VarMode::ShaderOut));
    let vs = var(&s, "VS");
    assert!(matches!(s.types.get(vs.ty), Type::Array { len: 3, .. }));
    let g = s.info.geometry.as_ref().expect("geometry info");
    assert_eq!((g.input.as_str(), g.max_vertices), ("triangles", 3));
    assert_eq!(count_intrinsic(&s, Intrinsic::EmitVertex), 1);
}

#[test]
fn aggregates_constructors_and_comparisons() {
    let src =
        "#version 450\n\
         struct S { vec3 a; float b[2]; mat2 m; };\n\
         uniform float u;\n\
         const float table[3] = float[3](1.0, 2.0, 3.0);\n\
         out vec4 o;\n\
         void main() {\n\
           S s = S(vec3(u), float[2](u, 2.0), mat2(u));\n\
           S t = s; t.b[1] = 5.0;\n\
           int i = int(u);\n\
           o = vec4(s == t ? 1.0 : 0.0, table[i], s.m[1][1], t.b[i]);\n\
           mat3 m3 = mat3(s.m); vec3 r = m3 * s.a + s.a * m3; o.xyz += r; o.w += (mat2(1.0) * s.m)[0][0];\n\
         }\n";
    let s = lower("a.frag", src);
    // The constant array indexed dynamically lives in one initialised global.
    let tables: Vec<_> = s
        .vars
        .values()
        .filter(|v| {
            v.mode == VarMode::Global
                && matches!(&v.init, Some(Constant::Composite(x)) if x.len() == 3)
        })
        .collect();
    assert_eq!(tables.len(), 1);
    // `S t = s;` copies the struct.
    let raw = lower_no_ssa("a.frag", src);
    assert!(count_intrinsic(&raw, Intrinsic::CopyDeref) >= 1);
}

#[test]
fn compute_shader_info_and_shared_memory() {
    let s = lower(
        "a.comp",
        "#version 450\n\
         layout(local_size_x = 8, local_size_y = 4) in;\n\
         shared float data[32];\n\
         layout(std430, binding = 0) buffer B { uint n; float v[]; };\n\
         void main() { data[gl_LocalInvocationIndex] = v[gl_GlobalInvocationID.x]; barrier(); v[0] = data[1] + float(v.length()); atomicAdd(n, 1u); }\n",
    );
    assert_eq!(s.info.local_size, [8, 4, 1]);
    assert_eq!(var(&s, "data").mode, VarMode::Shared);
    assert!(var(&s, "gl_GlobalInvocationID").builtin);
    assert_eq!(count_intrinsic(&s, Intrinsic::DerefBufferArrayLength), 1);
    let Type::Struct { fields, .. } = s.types.get(var(&s, "B").ty) else {
        panic!("a block is a struct");
    };
    assert!(matches!(
        s.types.get(fields[1].ty),
        Type::Array {
            len: 0,
            stride: 4,
            ..
        }
    ));
}

#[test]
fn bools_in_blocks_are_32_bit_in_memory() {
    let s = lower(
        "a.frag",
        "#version 450\nlayout(std140) uniform U { bool flag; bvec2 pair; };\nout vec4 o;\n\
         void main() { o = vec4(flag ? 1.0 : 0.0, vec2(pair), 0.0); }\n",
    );
    let Type::Struct { fields, .. } = s.types.get(var(&s, "U").ty) else {
        panic!("a block is a struct");
    };
    assert!(matches!(
        s.types.get(fields[0].ty),
        Type::Vector {
            base: BaseType::Bool,
            bits: 32,
            components: 1
        }
    ));
}

#[test]
fn shaders_without_main_keep_their_functions_for_linking() {
    // Issue 4: a unit without `main` is linked with others of its stage; it keeps its
    // globals and every function another unit could call.
    let s = lower(
        "a.frag",
        "#version 450\nuniform float u;\nfloat f() { return u; }\n",
    );
    assert!(s.entry.is_none());
    assert_eq!(s.functions.len(), 1);
    assert_eq!(
        s.functions.values().next().map(|f| f.name.as_str()),
        Some("f")
    );
    assert!(!s.functions.values().any(|f| f.is_declaration()));
    assert_eq!(var(&s, "u").mode, VarMode::Uniform);
}

#[test]
fn calling_an_undefined_function_makes_a_declaration() {
    // Issue 4: an undefined function is a link error, not a compile error: the call is
    // to a declaration that linking binds to another unit's definition.
    let s = lower(
        "a.frag",
        "#version 450\nfloat f(vec2 v, out int k);\nout vec4 o;\nvoid main() { int k; o = vec4(f(vec2(1.0), k) + float(k)); }\n",
    );
    let f = s.find_function("f").expect("f");
    assert!(s.functions[f].is_declaration());
    assert_eq!(s.functions[f].params.len(), 2);
    assert!(s.functions[f].ret.is_some());
    assert!(s.to_string().contains("declare fn1 f(in @"), "{s}");
    // A function that would be inlined (it takes a sampler) must be defined in the unit.
    let msg = lower_error(
        "a.frag",
        "#version 450\nuniform sampler2D t;\nvec4 f(sampler2D s);\nout vec4 o;\nvoid main() { o = f(t); }\n",
    );
    assert!(
        msg.contains("`f` is declared but never defined in this unit"),
        "{msg}"
    );
}

#[test]
fn no_ssa_keeps_locals_in_memory() {
    let s = lower_no_ssa(
        "a.frag",
        "#version 450\nin float v;\nout vec4 o;\nvoid main() { float x = v; if (v > 0.0) x = 2.0; o = vec4(x); }\n",
    );
    let main = &s.functions[s.entry.unwrap()];
    assert!(main
        .locals
        .iter()
        .any(|v| s.vars[*v].name == "x" && s.vars[*v].mode == VarMode::Function));
    assert_eq!(count_intrinsic(&s, Intrinsic::StoreDeref), 3);
}

#[test]
fn inlining_blowup_is_bounded() {
    let mut src = String::from(
        "#version 450\nuniform sampler2D s;\nout vec4 o;\n\
         vec4 f0(sampler2D t) { return texture(t, vec2(0.5)); }\n",
    );
    for i in 1..30 {
        src.push_str(&format!(
            "vec4 f{i}(sampler2D t) {{ return f{p}(t) + f{p}(t); }}\n",
            p = i - 1
        ));
    }
    src.push_str("void main() { o = f29(s); }\n");
    let msg = lower_error("a.frag", &src);
    assert!(msg.contains("too large after inlining"), "{msg}");
}

#[test]
fn switch_without_fall_through_is_an_if_chain() {
    let chain = lower_no_ssa(
        "a.frag",
        "#version 450\nflat in int k;\nout vec4 o;\nvoid main() {\n\
           switch (k) { case 0: case 1: o = vec4(1.0); break; default: o = vec4(3.0); break;\n\
                        case 2: { o = vec4(2.0); break; } }\n}\n",
    );
    assert_eq!(count_loops(&chain), 0);
    // Falling through into the next case, or a `break` inside an `if`, needs the loop.
    for body in [
        "case 0: o = vec4(1.0); case 1: o += vec4(1.0); break; default: o = vec4(0.0);",
        "case 0: if (k > 0) break; o = vec4(1.0); break; default: o = vec4(0.0);",
    ] {
        let src = format!(
            "#version 450\nflat in int k;\nout vec4 o;\nvoid main() {{ o = vec4(0.0); switch (k) {{ {body} }} }}\n"
        );
        assert_eq!(count_loops(&lower_no_ssa("a.frag", &src)), 1, "{body}");
    }
}

#[test]
fn return_from_loops_in_inlined_functions() {
    let s = lower_no_ssa(
        "a.frag",
        "#version 450\nuniform sampler2D s;\nuniform int n;\nout vec4 o;\n\
         vec4 first(sampler2D t, int k) {\n\
           for (int i = 0; i < 10; i++) { switch (i) { case 3: if (i == k) return vec4(1.0); break; default: break; } }\n\
           return texture(t, vec2(0.0));\n\
         }\n\
         void main() { o = first(s, n); }\n",
    );
    assert_eq!(s.functions.len(), 1);
    // The wrapper loop of the inlined body and the for loop (the switch, whose cases do not
    // fall through, is an `if` chain).
    assert_eq!(count_loops(&s), 2);
    let main = &s.functions[s.entry.unwrap()];
    assert!(main
        .instrs
        .values()
        .all(|i| i.removed || !matches!(i.kind, InstrKind::Jump(JumpKind::Return))));
}

#[test]
fn precise_values_are_computed_exactly() {
    let s = lower_no_ssa(
        "a.frag",
        "#version 450\nin vec4 a;\nin vec4 b;\nprecise out vec4 o;\nout vec4 p;\n\
         void main() { o = a * b + a; p = a * b + b; precise float x = a.x * b.x; p.x += x; }\n",
    );
    let exact = |want: bool| {
        count_instrs(&s, |k| {
            matches!(k, InstrKind::Alu(a) if a.exact == want
                && matches!(a.op, fresnel::ir::AluOp::Fmul | fresnel::ir::AluOp::Fadd))
        })
    };
    // o: fmul + fadd; x: fmul. p: fmul + fadd, p.x += x: fadd.
    assert_eq!(exact(true), 3);
    assert_eq!(exact(false), 3);
}

#[test]
fn implicitly_sized_arrays_take_the_size_their_uses_imply() {
    let s = lower(
        "a.vert",
        "#version 450\nvoid main() { gl_Position = vec4(0.0); gl_ClipDistance[1] = 1.0; gl_ClipDistance[3] = 2.0; }\n",
    );
    let cd = var(&s, "gl_ClipDistance");
    assert!(cd.builtin);
    assert!(matches!(s.types.get(cd.ty), Type::Array { len: 4, .. }));
}

#[test]
fn default_block_layouts_apply() {
    let s = lower(
        "a.frag",
        "#version 450\nlayout(row_major) uniform;\n\
         layout(std140) uniform B { mat2 m; layout(column_major) mat2 c; float f; } b;\n\
         out vec4 o;\nvoid main() { o = vec4(b.m[0], b.c[1]) + vec4(b.f); }\n",
    );
    let Type::Struct { fields, .. } = s.types.get(var(&s, "B").ty) else {
        panic!("a block is a struct");
    };
    let rm: Vec<bool> = fields.iter().map(|f| f.row_major).collect();
    assert_eq!(rm, vec![true, false, false]);
    assert_eq!(fields[2].offset, Some(64));
}

#[test]
fn bodies_returning_only_at_their_end_inline_without_a_loop() {
    let s = lower(
        "a.frag",
        "#version 450\nuniform sampler2D t;\nout vec4 o;\n\
         vec4 twice(sampler2D s, vec2 p) { vec4 c = texture(s, p); return c * 2.0; }\n\
         void main() { o = twice(t, vec2(0.5)) + twice(t, vec2(0.25)); }\n",
    );
    assert_eq!(s.functions.len(), 1);
    assert_eq!(count_loops(&s), 0);
    assert_eq!(count_instrs(&s, |k| matches!(k, InstrKind::Tex(_))), 2);
}

#[test]
fn lowering_is_deterministic_and_round_trips_through_text() {
    let src = "#version 450\nuniform sampler2D t;\nuniform int k;\nout vec4 o;\n\
               struct S { vec4 a[2]; float f; };\n\
               const S cs = S(vec4[2](vec4(1.0), vec4(2.0)), 3.0);\n\
               vec4 f(sampler2D s, S v) { if (v.f > 1.0) return texture(s, v.a[0].xy); return v.a[1]; }\n\
               void main() { S v = cs; v.f = float(k); switch (k) { case 1: o = f(t, v); break; default: o = cs.a[k]; } }\n";
    let print = |s: &Shader| {
        let mut out = String::new();
        fresnel::ir::Printer::new(s).shader(&mut out);
        out
    };
    let a = print(&lower("a.frag", src));
    let b = print(&lower("a.frag", src));
    assert_eq!(a, b);
    let back = fresnel::ir::parse(&a).expect("the text form parses");
    assert_eq!(print(&back), a);
}

#[test]
fn geometry_primitives_in_either_order() {
    let s = lower(
        "a.geom",
        "#version 450\nlayout(points, max_vertices = 1) out;\nlayout(triangles) in;\n\
         void main() { gl_Position = gl_in[2].gl_Position; EmitVertex(); }\n",
    );
    let g = s.info.geometry.as_ref().expect("geometry info");
    assert_eq!(
        (g.input.as_str(), g.output.as_str()),
        ("triangles", "points")
    );
    assert!(s.vars.values().any(|v| v.name == "gl_Position"
        && v.mode == VarMode::ShaderIn
        && matches!(s.types.get(v.ty), Type::Array { len: 3, .. })));
}

#[test]
fn shader_wide_size_is_bounded() {
    // Twelve functions, each under the per-function limit, together over the shader's.
    let mut src = String::from(
        "#version 450\nuniform sampler2D s;\nout vec4 o;\n\
         vec4 f0(sampler2D t) { return texture(t, vec2(0.5)); }\n",
    );
    for i in 1..16 {
        src.push_str(&format!(
            "vec4 f{i}(sampler2D t) {{ return f{p}(t) + f{p}(t); }}\n",
            p = i - 1
        ));
    }
    let mut sum = String::from("0.0");
    for g in 0..12 {
        src.push_str(&format!("float g{g}(float x) {{ return f15(s).x * x; }}\n"));
        sum.push_str(&format!(" + g{g}(1.0)"));
    }
    src.push_str(&format!("void main() {{ o = vec4({sum}); }}\n"));
    let msg = lower_error("a.frag", &src);
    assert!(msg.contains("the shader is too large"), "{msg}");
}
