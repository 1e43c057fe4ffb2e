//! Lowering of GL_EXT_buffer_reference, GL_EXT_buffer_reference2 and
//! GL_EXT_buffer_reference_uvec2 (helper I, issue 4). References are `u64` addresses; a member
//! access through one is `deref_cast` of the address to the block type in `phys_ssbo`
//! memory, then `deref_struct`/`deref_array`. Every shader must lower (with and without SSA),
//! validate, and round-trip through the IR text form.

use fresnel::ir::{AluOp, DerefKind, Function, InstrKind, Intrinsic, Shader, Type, VarMode};
mod support;

use fresnel::{Options, TargetEnv};

fn options() -> Options {
    Options {
        target: TargetEnv::Vulkan { minor: 2 },
        ..Default::default()
    }
}

/// Lowers without SSA and with it; each form validates and round-trips the text form.
/// Returns `[no_ssa, ssa]`.
fn lower(src: &str) -> Vec<Shader> {
    lower_named("t.comp", src)
}

fn lower_named(name: &str, src: &str) -> Vec<Shader> {
    support::lower_both(name, src, &options(), true)
}

fn text(s: &Shader) -> String {
    let mut t = String::new();
    fresnel::ir::Printer::new(s).shader(&mut t);
    t
}

fn main_fn(s: &Shader) -> &Function {
    &s.functions[s.entry.expect("entry")]
}

/// The live instructions of a function in block order.
fn instrs(f: &Function) -> Vec<&InstrKind> {
    f.blocks
        .values()
        .flat_map(|b| b.instrs.iter())
        .map(|i| &f.instrs[*i])
        .filter(|i| !i.removed)
        .map(|i| &i.kind)
        .collect()
}

/// The `phys_ssbo` deref casts of a function: (address value, pointed-at type).
fn casts(f: &Function) -> Vec<(fresnel::ir::ValueId, fresnel::ir::TypeId)> {
    instrs(f)
        .into_iter()
        .filter_map(|k| match k {
            InstrKind::Deref(d) if matches!(d.kind, DerefKind::Cast { .. }) => {
                assert_eq!(d.mode, VarMode::PhysicalStorageBuffer);
                let DerefKind::Cast { parent } = d.kind else {
                    unreachable!()
                };
                Some((parent, d.ty))
            }
            _ => None,
        })
        .collect()
}

fn alu_count(f: &Function, op: AluOp, bits: u8) -> usize {
    instrs(f)
        .into_iter()
        .filter(
            |k| matches!(k, InstrKind::Alu(a) if a.op == op && f.values[a.dest].bit_size == bits),
        )
        .count()
}

const LIST: &str = "#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { Node next; int value; vec2 pos[3]; };
layout(push_constant) uniform PC { Node head; uint64_t raw; } pc;
layout(std430, binding = 0) buffer Out { int sum; };
void main() {
    Node n = pc.head;
    int s = 0;
    while (uint64_t(n) != uint64_t(0)) {
        s += n.value;
        n.pos[1].y = 2.0;
        n = n.next;
    }
    Node m = Node(pc.raw);
    m.value = s;
    sum = s;
}
";

#[test]
fn references_are_u64_and_members_go_through_deref_cast() {
    for s in lower(LIST) {
        let t = text(&s);
        // The push-constant member holding the reference is a 64-bit address.
        let pc = s.vars.values().find(|v| v.name == "PC").expect("PC");
        let Type::Struct { fields, .. } = s.types.get(pc.ty) else {
            panic!("PC is a struct")
        };
        assert_eq!(s.types.value_shape(fields[0].ty), Some((64, 1)), "{t}");
        assert_eq!(fields[1].offset, Some(8));
        let f = main_fn(&s);
        let cs = casts(f);
        // n.value, n.pos[1].y, n.next, m.value.
        assert_eq!(cs.len(), 4, "{t}");
        for (addr, ty) in &cs {
            assert_eq!(
                (f.values[*addr].bit_size, f.values[*addr].num_components),
                (64, 1)
            );
            match s.types.get(*ty) {
                Type::Struct {
                    name,
                    fields,
                    block,
                } => {
                    assert_eq!(name, "Node");
                    assert!(block);
                    // std430 offsets; the reference member is a u64 at 0.
                    assert_eq!(s.types.value_shape(fields[0].ty), Some((64, 1)));
                    let offs: Vec<_> = fields.iter().map(|x| x.offset).collect();
                    assert_eq!(offs, vec![Some(0), Some(8), Some(16)]);
                }
                other => panic!("cast to {other:?}"),
            }
        }
        // Every cast is used by a member deref (no whole-block access).
        for k in instrs(f) {
            if let InstrKind::Deref(d) = k {
                if let DerefKind::Struct { parent, .. } = d.kind {
                    let pd = &f.instrs[f.values[parent].def].kind;
                    if let InstrKind::Deref(p) = pd {
                        if p.mode == VarMode::PhysicalStorageBuffer {
                            assert_eq!(d.mode, VarMode::PhysicalStorageBuffer);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn chain_of_deref_is_cast_struct_array_struct() {
    let s = &lower(LIST)[0];
    let f = main_fn(s);
    // n.pos[1].y = 2.0: a masked store_deref through cast -> struct(2) -> array.
    let chain = instrs(f)
        .into_iter()
        .find_map(|k| match k {
            InstrKind::Intrinsic(i)
                if i.op == Intrinsic::StoreDeref
                    && i.index(fresnel::ir::IndexKind::WriteMask) == Some(0b10) =>
            {
                let mut chain = Vec::new();
                let mut cur = i.srcs[0];
                while let InstrKind::Deref(dr) = &f.instrs[f.values[cur].def].kind {
                    chain.push(dr.kind);
                    match dr.kind {
                        DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                            cur = parent
                        }
                        _ => break,
                    }
                }
                Some(chain)
            }
            _ => None,
        })
        .expect("the store of .y");
    assert_eq!(chain.len(), 3, "{chain:?}");
    assert!(matches!(chain[0], DerefKind::Array { .. }));
    assert!(matches!(chain[1], DerefKind::Struct { field: 2, .. }));
    let DerefKind::Cast { parent } = chain[2] else {
        panic!("{chain:?}")
    };
    // The address is loaded from the local `n` (a u64 function variable).
    match &f.instrs[f.values[parent].def].kind {
        InstrKind::Intrinsic(i) => assert_eq!(i.op, Intrinsic::LoadDeref),
        other => panic!("address from {other:?}"),
    }
}

const ARITH: &str = "#version 450
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Blk { vec4 a; int b; };
layout(std430, binding = 0) buffer Io { uvec2 addr; uvec2 back; int64_t dist; uint64_t plain; };
Blk step(Blk p, int k) { return p + k; }
void main() {
    Blk p = Blk(addr);
    Blk q = step(p, 3);
    q[2].b = 7;
    back = uvec2(q - 1);
    dist = q - p;
    plain = uint64_t(p);
}
";

#[test]
fn arithmetic_steps_by_the_block_size_and_uvec2_packs() {
    let shaders = lower(ARITH);
    let s = &shaders[0];
    let t = text(s);
    let f = main_fn(s);
    // Blk(uvec2) packs, uvec2(ref) unpacks.
    assert_eq!(alu_count(f, AluOp::Pack64_2x32, 64), 1, "{t}");
    assert_eq!(alu_count(f, AluOp::Unpack64_2x32, 32), 1, "{t}");
    // q - p divides the byte distance by the 32-byte stride (std430: vec4 + int -> 32).
    assert_eq!(alu_count(f, AluOp::Idiv, 64), 1, "{t}");
    assert!(t.contains("(0x20)"), "the stride 32 appears:\n{t}");
    // q[2] and q - 1 are iadd/isub on 64-bit addresses.
    assert!(alu_count(f, AluOp::Iadd, 64) >= 1, "{t}");
    assert!(alu_count(f, AluOp::Isub, 64) >= 2, "{t}");
    assert_eq!(casts(f).len(), 1, "only q[2].b dereferences:\n{t}");
    // The reference parameter of `step` is a u64 function variable.
    let step = s
        .functions
        .values()
        .find(|f| f.name == "step")
        .expect("step is not inlined");
    let p0 = &s.vars[step.params[0].var];
    assert_eq!(s.types.value_shape(p0.ty), Some((64, 1)));
    assert_eq!(alu_count(step, AluOp::Imul, 64), 1);
}

#[test]
fn validator_checks_phys_ssbo_casts() {
    let s = &lower(LIST)[0];
    let t = text(s);
    // Make one address 32-bit: the validator must reject the cast.
    let first_cast = t
        .lines()
        .find(|l| l.contains("deref_cast"))
        .expect("a cast")
        .to_string();
    let addr = first_cast
        .split("deref_cast ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .expect("address operand")
        .to_string();
    let bad = t.replacen(
        &first_cast,
        &first_cast.replace(&format!("deref_cast {addr}"), "deref_cast %0"),
        1,
    );
    // %0 is a 32-bit value or a deref: either way not a 64-bit address.
    let parsed = fresnel::ir::parse(&bad).expect("parses");
    let errs = fresnel::ir::validate(&parsed).expect_err("rejected");
    assert!(
        errs.iter()
            .any(|e| e.to_string().contains("must be a 64-bit scalar")),
        "{errs:?}"
    );
    // A variable cannot live in phys_ssbo memory.
    let var_line = t
        .lines()
        .find(|l| l.starts_with("var ") && l.contains(" push_const "))
        .expect("the push-constant variable");
    let bad = t.replacen(
        var_line,
        &var_line.replace(" push_const ", " phys_ssbo "),
        1,
    );
    let p = fresnel::ir::parse(&bad).expect("parses");
    let errs = fresnel::ir::validate(&p).expect_err("a phys_ssbo variable");
    assert!(
        errs.iter()
            .any(|e| e.to_string().contains("has mode phys_ssbo")),
        "{errs:?}"
    );
    assert_eq!(
        VarMode::from_name("phys_ssbo"),
        Some(VarMode::PhysicalStorageBuffer)
    );
}

#[test]
fn interpreter_refuses_buffer_references() {
    let s = &lower(LIST)[0];
    // Refused when the interpreter is set up or at the latest when it runs: an error,
    // not a panic or a wrong result.
    let e = match fresnel_interp::Interp::new(s) {
        Err(e) => e,
        Ok(mut it) => {
            it.set_buffer("Out", vec![0u8; 4]).expect("buffer");
            it.run_compute([1, 1, 1]).expect_err("not executed")
        }
    };
    assert!(format!("{e:?}").contains("buffer references"), "{e:?}");
}

const RGEN: &str = "#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_ARB_gpu_shader_int64 : enable
layout(location = 1) rayPayloadEXT vec4 payload;
layout(shaderRecordEXT) buffer block { uvec2 h32; uint64_t h64; };
void main() {
    traceRayEXT(accelerationStructureEXT(h32), 0u, 255u, 0u, 1u, 0u, vec3(0.0), 0.5, vec3(1.0), 0.75, 1);
    traceRayEXT(accelerationStructureEXT(h64), 0u, 255u, 0u, 1u, 0u, vec3(0.0), 0.5, vec3(1.0), 0.75, 1);
}
";

#[test]
fn acceleration_structures_from_addresses_are_uniform_casts() {
    for s in lower_named("t.rgen", RGEN) {
        let t = text(&s);
        let f = main_fn(&s);
        let handles: Vec<_> = instrs(f)
            .into_iter()
            .filter_map(|k| match k {
                InstrKind::Deref(d) => match d.kind {
                    DerefKind::Cast { parent } => Some((d.mode, parent, d.ty)),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        assert_eq!(handles.len(), 2, "{t}");
        for (mode, parent, ty) in handles {
            assert_eq!(mode, VarMode::Uniform);
            assert_eq!(f.values[parent].bit_size, 64);
            assert!(
                matches!(s.types.get(ty), Type::Opaque(n) if n.contains("accelerationStructure"))
            );
        }
        // The uvec2 handle is packed first.
        assert_eq!(alu_count(f, AluOp::Pack64_2x32, 64), 1, "{t}");
        // Both casts feed trace_ray as its first source.
        let traces = instrs(f)
            .into_iter()
            .filter(|k| {
                matches!(k, InstrKind::Intrinsic(i)
                if matches!(&f.instrs[f.values[i.srcs[0]].def].kind,
                    InstrKind::Deref(d) if matches!(d.kind, DerefKind::Cast { .. })))
            })
            .count();
        assert_eq!(traces, 2, "{t}");
    }
}

const SCALAR: &str = "#version 450
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_scalar_block_layout : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference, scalar) buffer Arr { int count; vec3 data[]; };
layout(buffer_reference, scalar) buffer V3 { vec3 v; };
layout(push_constant) uniform PC { Arr a; V3 b; } pc;
void main() {
    atomicAdd(pc.a.count, 1);
    pc.a.data[2] = vec3(pc.a.data.length());
    V3 n = pc.b + 1;
    n.v.x = 1.0;
}
";

#[test]
fn scalar_reference_blocks_use_their_packing() {
    for s in lower(SCALAR) {
        let t = text(&s);
        // The scalar layout of the pointed-at block: data at 4 with stride 12.
        assert!(
            t.contains(
                "block struct %Arr { i32 count offset=0; [0 x f32x3, stride 12] data offset=4; }"
            ),
            "{t}"
        );
        // `pc.b + 1` steps by the scalar size of V3: 12 bytes.
        assert!(t.contains("(0xc)"), "{t}");
        let f = main_fn(&s);
        // Atomics and `.length()` work on phys_ssbo derefs.
        let ops: Vec<Intrinsic> = instrs(f)
            .into_iter()
            .filter_map(|k| match k {
                InstrKind::Intrinsic(i) => Some(i.op),
                _ => None,
            })
            .collect();
        assert!(ops.contains(&Intrinsic::DerefAtomic), "{t}");
        assert!(ops.contains(&Intrinsic::DerefBufferArrayLength), "{t}");
        assert_eq!(casts(f).len(), 4, "{t}");
    }
}

const SHARED: &str = "#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shared_memory_block : require
layout(local_size_x = 2) in;
layout(buffer_reference) buffer R { int v; };
shared Blk { int a; R r; } blk;
shared R refs[2];
layout(push_constant) uniform PC { R r0; } pc;
void main() {
    blk.a = 1;
    blk.r = pc.r0;
    refs[1] = blk.r;
    refs[1].v = blk.a;
}
";

#[test]
fn shared_blocks_are_instances_and_shared_references_are_u64() {
    for s in lower(SHARED) {
        let t = text(&s);
        let blk = s.vars.values().find(|v| v.name == "Blk").expect("Blk");
        assert_eq!(blk.mode, VarMode::Shared);
        assert!(
            matches!(s.types.get(blk.ty), Type::Struct { block: true, .. }),
            "{t}"
        );
        let refs = s.vars.values().find(|v| v.name == "refs").expect("refs");
        let Type::Array { elem, len: 2, .. } = s.types.get(refs.ty) else {
            panic!("{t}")
        };
        assert_eq!(s.types.value_shape(*elem), Some((64, 1)));
        assert_eq!(casts(main_fn(&s)).len(), 1, "{t}");
    }
}
