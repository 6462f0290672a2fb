import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const strip = (v: unknown) =>
  typeof v === 'string' && v.includes('\0') ? v.replaceAll('\0', '') : v;

class StripNulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = strip(node.value);
    return value === node.value ? super.transformValue(node) : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode) {
    return { ...node, values: node.values.map(strip) };
  }
}

/**
 * PostgreSQL cannot store U+0000 in text ("invalid byte sequence"), and SQLite would keep it
 * and hand it to the next reader. A NUL in a title, a file name or an extracted document is
 * never meaningful, so every string bound into a query loses it, on both databases alike —
 * hostile input is stored as the rest of its text instead of failing with a 500.
 */
export class StripNulPlugin implements KyselyPlugin {
  readonly #transformer = new StripNulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
