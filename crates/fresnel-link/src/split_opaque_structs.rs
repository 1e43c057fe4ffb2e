//! split_opaque_structs: a default uniform whose structure holds opaque members (samplers,
//! images, textures) becomes one uniform per opaque leaf plus the structure without them,
//! as glslang's relaxed Vulkan mode does before gathering the default uniform block.
//!
//! `uniform struct e { vec2 x; sampler2D t0; SamplerArray samplers; } s;` (with
//! `struct SamplerArray { sampler2D tn[4]; }`) becomes the uniforms `s.t0` (a `sampler2D`)
//! and `s.samplers.tn` (a `sampler2D[4]`: an array leaf stays one array variable; glslang
//! makes one variable per element) and `s` of a structure holding `x` only. The opaque
//! members are *dropped* from the structure, not kept as placeholders (glslang keeps an
//! `int` per opaque member): the member indices of every deref into the structure are
//! remapped, and a nested structure left empty disappears with its member. The structure
//! keeps its name; every stage rewrites it the same way, so the default uniform block
//! still has one shape across the program.
//!
//! Reads go through derefs (texture instructions take sampler derefs, functions with
//! opaque parameters, structures holding them included, are inlined by the lowering), so
//! the rewrite is local to the deref chains rooted at such a uniform: a member deref that
//! reaches an opaque leaf becomes a deref of the leaf's variable, one into a structure
//! still holding opaque members gets the stripped type, and one into a structure left
//! empty is dropped (its only users are the member derefs rewritten here). Any other use of
//! a structure that still holds opaque members (a load or copy of it whole) is reported:
//! the lowering makes none.
//!
//! Arrays of such structures are not split (glslang flattens them element by element);
//! they are reported as a link error.

use fresnel_ir::{
    DerefKind, FuncId, InstrId, InstrKind, Shader, Type, TypeId, ValueId, VarId, VarMode, Variable,
};
use rustc_hash::FxHashMap;

use crate::LinkError;

/// What a member of a split structure becomes.
#[derive(Clone, Debug)]
enum Node {
    /// A non-opaque member: its index in the stripped structure.
    Kept(u32),
    /// An opaque leaf (or array of opaque leaves): the index of its new variable.
    Leaf(usize),
    /// A structure holding opaque members: its index and stripped type in the parent
    /// (`None` when nothing non-opaque is left), and what each of its members becomes.
    Sub {
        field: Option<u32>,
        ty: Option<TypeId>,
        children: Vec<usize>,
    },
}

/// Does this type hold an opaque type somewhere inside a structure?
fn struct_with_opaque(sh: &Shader, ty: TypeId) -> bool {
    match sh.types.get(ty) {
        Type::Struct { block: false, .. } => sh.types.is_opaque(ty),
        Type::Array { elem, .. } => struct_with_opaque(sh, *elem),
        _ => false,
    }
}

/// Is this variable a default uniform to split?
fn splits(sh: &Shader, v: &Variable) -> bool {
    v.mode == VarMode::Uniform && !v.builtin && v.heap.is_none() && struct_with_opaque(sh, v.ty)
}

struct Plan {
    nodes: Vec<Node>,
    /// The new leaf variables, in member order.
    leaves: Vec<Variable>,
}

impl Plan {
    /// Plans the split of a structure type at `path`; returns the node index of a `Sub`
    /// (with `field` left for the caller to fill).
    fn plan_struct(
        &mut self,
        sh: &mut Shader,
        template: &Variable,
        ty: TypeId,
        path: &str,
        depth: u32,
    ) -> Result<usize, LinkError> {
        if depth > 64 {
            return Err(LinkError::new("a uniform's type nests too deeply"));
        }
        let Type::Struct {
            name,
            fields,
            block,
        } = sh.types.get(ty).clone()
        else {
            unreachable!("planned on a structure")
        };
        let mut kept = Vec::new();
        let mut children = Vec::with_capacity(fields.len());
        for f in fields {
            let member_path = format!("{path}.{}", f.name);
            let node = if !sh.types.is_opaque(f.ty) {
                kept.push(f.clone());
                Node::Kept(kept.len() as u32 - 1)
            } else if matches!(sh.types.get(f.ty), Type::Struct { .. }) {
                let sub = self.plan_struct(sh, template, f.ty, &member_path, depth + 1)?;
                if let Node::Sub {
                    ty: Some(t), field, ..
                } = &mut self.nodes[sub]
                {
                    kept.push(fresnel_ir::Field {
                        ty: *t,
                        ..f.clone()
                    });
                    *field = Some(kept.len() as u32 - 1);
                }
                children.push(sub);
                continue;
            } else if struct_with_opaque(sh, f.ty) {
                return Err(LinkError::new(format!(
                    "uniform member `{member_path}` is an array of structures holding opaque \
                     members: not supported in the default uniform block"
                )));
            } else {
                let mut v = Variable::new(member_path, f.ty, VarMode::Uniform);
                v.set = template.set;
                v.precision = template.precision;
                v.relaxed_precision = template.relaxed_precision;
                self.leaves.push(v);
                Node::Leaf(self.leaves.len() - 1)
            };
            self.nodes.push(node);
            children.push(self.nodes.len() - 1);
        }
        let stripped = (!kept.is_empty()).then(|| {
            sh.types.intern(Type::Struct {
                name,
                fields: kept,
                block,
            })
        });
        self.nodes.push(Node::Sub {
            field: None,
            ty: stripped,
            children,
        });
        Ok(self.nodes.len() - 1)
    }
}

/// Splits every default uniform of `sh` whose structure holds opaque members.
pub fn split_opaque_structs(sh: &mut Shader) -> Result<(), LinkError> {
    let todo: Vec<VarId> = sh
        .vars
        .iter()
        .filter(|(_, v)| splits(sh, v))
        .map(|(id, _)| id)
        .collect();
    if todo.is_empty() {
        return Ok(());
    }
    // Per split variable: its plan's root node, with leaves numbered in one plan.
    let mut plan = Plan {
        nodes: Vec::new(),
        leaves: Vec::new(),
    };
    let mut roots: FxHashMap<VarId, usize> = FxHashMap::default();
    for &id in &todo {
        let v = sh.vars[id].clone();
        if !matches!(sh.types.get(v.ty), Type::Struct { .. }) {
            return Err(LinkError::new(format!(
                "uniform `{}` is an array of structures holding opaque members: not supported \
                 in the default uniform block",
                v.name
            )));
        }
        let root = plan.plan_struct(sh, &v, v.ty, &v.name, 0)?;
        roots.insert(id, root);
    }
    // The leaf variables, and the real ids of the leaves.
    let mut leaf_ids = Vec::with_capacity(plan.leaves.len());
    for v in std::mem::take(&mut plan.leaves) {
        leaf_ids.push(sh.add_var(v));
    }
    let funcs: Vec<FuncId> = sh.functions.keys().collect();
    for fid in funcs {
        rewrite_function(sh, fid, &plan.nodes, &leaf_ids, &roots)?;
    }
    // The stripped variables (or none, when nothing non-opaque is left).
    let mut dropped = Vec::new();
    for (&id, &root) in &roots {
        let Node::Sub { ty, .. } = &plan.nodes[root] else {
            continue;
        };
        match ty {
            Some(t) => {
                let v = &mut sh.vars[id];
                v.ty = *t;
                v.members.clear();
            }
            None => dropped.push(id),
        }
    }
    if !dropped.is_empty() {
        sh.retain_vars(|id, _| !dropped.contains(&id));
    }
    Ok(())
}

fn rewrite_function(
    sh: &mut Shader,
    fid: FuncId,
    nodes: &[Node],
    leaf_ids: &[VarId],
    roots: &FxHashMap<VarId, usize>,
) -> Result<(), LinkError> {
    let order = sh.functions[fid].instrs_in_order();
    // Derefs into a structure that held opaque members: the node they point at.
    let mut at: FxHashMap<ValueId, usize> = FxHashMap::default();
    let mut remove: Vec<InstrId> = Vec::new();
    for id in order {
        let f = &mut sh.functions[fid];
        let InstrKind::Deref(d) = &mut f.instrs[id].kind else {
            let mut bad = None;
            f.instrs[id].kind.for_each_src(|_, s| {
                if at.contains_key(&s) {
                    bad = Some(s);
                }
            });
            if bad.is_some() {
                return Err(LinkError::new(
                    "a uniform structure holding opaque members is used whole (loaded or \
                     copied): not supported in the default uniform block",
                ));
            }
            continue;
        };
        match d.kind {
            DerefKind::Var(v) => {
                let Some(&root) = roots.get(&v) else {
                    continue;
                };
                if let Node::Sub { ty, .. } = &nodes[root] {
                    match ty {
                        Some(t) => d.ty = *t,
                        None => remove.push(id),
                    }
                }
                at.insert(d.dest, root);
            }
            DerefKind::Struct { parent, field } => {
                let Some(&n) = at.get(&parent) else {
                    continue;
                };
                let Node::Sub { children, .. } = &nodes[n] else {
                    unreachable!("only structures are tracked")
                };
                let child = children[field as usize];
                match &nodes[child] {
                    Node::Kept(k) => {
                        d.kind = DerefKind::Struct { parent, field: *k };
                    }
                    Node::Leaf(var) => {
                        d.kind = DerefKind::Var(leaf_ids[*var]);
                        d.mode = VarMode::Uniform;
                    }
                    Node::Sub { field, ty, .. } => {
                        match (field, ty) {
                            (Some(k), Some(t)) => {
                                d.kind = DerefKind::Struct { parent, field: *k };
                                d.ty = *t;
                            }
                            _ => remove.push(id),
                        }
                        at.insert(d.dest, child);
                    }
                }
            }
            DerefKind::Array { parent, .. } | DerefKind::Cast { parent } => {
                if at.contains_key(&parent) {
                    return Err(LinkError::new(
                        "an array of structures holding opaque members in a default uniform: \
                         not supported in the default uniform block",
                    ));
                }
            }
        }
    }
    let f = &mut sh.functions[fid];
    f.rebuild_uses();
    // Dropped derefs: their users were rewritten to derefs of the leaves; remove users
    // first (a dropped deref may feed another one).
    remove.reverse();
    for id in remove {
        f.remove_instr(id);
    }
    Ok(())
}
